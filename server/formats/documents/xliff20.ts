import { decodeXml } from './encoding';
import { DocumentFormatError } from './errors';
import type { ExtractedDocument, ExtractOptions } from './types';
import { RunCollector } from './xliff-inline';
import type { XliffSkeleton } from './xliff-merge';
import { SlotBuilder } from './xliff-slots';
import type { XmlElement } from './xml-tree';
import { childElements, parseXml, textContent } from './xml-tree';

const WHAT = 'XLIFF 2';

interface Inherited {
  isTranslatable: boolean;
  isPreserve: boolean;
  canResegment: boolean;
}

/**
 * XLIFF 2.x: every `<segment>` of a translatable unit (`<ignorable>` stays in the skeleton). A
 * unit with a single segment, no translation and `canResegment` not "no" is sentence-segmented,
 * and its targets are joined into that segment's `<target>` on merge; the file's own segments are
 * never re-segmented. Notes are the unit's `<note>`s; the key is the unit's `name`, else `id`.
 */
export function extractXliff20(bytes: Uint8Array, options: ExtractOptions): ExtractedDocument {
  const decoded = decodeXml(bytes, WHAT);
  const { text } = decoded;
  const builder = new SlotBuilder();
  // Units are taken as they end, so that `onSegments` hears of them while the rest is parsed.
  const root = parseXml(text, WHAT, (element, ancestors) => {
    if (element.local !== 'unit') return;
    const inherited = unitInheritance(ancestors);
    if (!inherited) return;
    const lang = ancestors[0]!.attrs.srcLang ?? options.srclang;
    addUnit(text, lang, element, inherit(element, inherited), builder);
    options.onSegments?.(builder.segments);
  });
  if (root.local !== 'xliff') {
    throw new DocumentFormatError(`${WHAT}: the root element is <${root.name}>, not <xliff>`, root);
  }
  if (!root.attrs.version?.startsWith('2')) {
    throw new DocumentFormatError(
      `${WHAT}: this is XLIFF ${root.attrs.version ?? '?'}, not 2`,
      root,
    );
  }
  const srclang = root.attrs.srcLang ?? null;
  const trglang = root.attrs.trgLang ?? null;
  const langAttrs: XliffSkeleton['langAttrs'] = [];
  if (!trglang) langAttrs.push({ at: root.start + 1 + root.name.length, name: 'trgLang' });
  const skeleton: XliffSkeleton = {
    format: 'xliff20',
    version: 1,
    encoding: decoded.encoding,
    text,
    slots: builder.slots,
    segmentCount: builder.segments.length,
    langAttrs,
    declaredEncoding: decoded.declaredEncoding,
  };
  return { format: 'xliff20', srclang, trglang, segments: builder.segments, skeleton };
}

function inherit(element: XmlElement, inherited: Inherited): Inherited {
  const { translate, canResegment } = element.attrs;
  const space = element.attrs['xml:space'];
  return {
    isTranslatable: translate === undefined ? inherited.isTranslatable : translate !== 'no',
    isPreserve: space === undefined ? inherited.isPreserve : space === 'preserve',
    canResegment: canResegment === undefined ? inherited.canResegment : canResegment !== 'no',
  };
}

/**
 * What a unit inherits from its ancestors, or null when it is not one the file translates: units
 * count inside `<xliff version="2.x">` > `<file>` > any `<group>`s, each of which passes on
 * `translate`, `xml:space` and `canResegment`.
 */
function unitInheritance(ancestors: readonly XmlElement[]): Inherited | null {
  const [root, file] = ancestors;
  if (root?.local !== 'xliff' || !root.attrs.version?.startsWith('2')) return null;
  if (file?.local !== 'file') return null;
  const top = inherit(root, { isTranslatable: true, isPreserve: false, canResegment: true });
  let inherited = inherit(file, top);
  for (const group of ancestors.slice(2)) {
    if (group.local !== 'group') return null;
    inherited = inherit(group, inherited);
  }
  return inherited;
}

function addUnit(
  text: string,
  lang: string,
  unit: XmlElement,
  inherited: Inherited,
  builder: SlotBuilder,
) {
  if (!inherited.isTranslatable) return;
  const notes = childElements(unit, 'notes')
    .flatMap((n) => childElements(n, 'note'))
    .map((n) => textContent(n).trim())
    .filter((n) => n !== '');
  const segments = childElements(unit, 'segment');
  const collector = new RunCollector(text, '2.0');
  for (const segment of segments) {
    const source = childElements(segment, 'source')[0];
    if (!source) {
      throw new DocumentFormatError(
        `${WHAT}: a <segment> of unit "${unit.attrs.id ?? ''}" has no <source>`,
        segment,
      );
    }
    const target = childElements(segment, 'target')[0] ?? null;
    const own = inherit(segment, inherited);
    const ctx = {
      text,
      lang,
      contextKey: unit.attrs.name ?? unit.attrs.id ?? null,
      note: notes.length > 0 ? notes.join('\n') : null,
      isPreserve: inherit(source, own).isPreserve,
      isFuzzy: segment.attrs.state === 'initial',
    };
    const canSplit = segments.length === 1 && own.canResegment;
    builder.addPlain(ctx, collector, source, target, canSplit, {
      stateTag: [segment.start, segment.openEnd],
    });
  }
}
