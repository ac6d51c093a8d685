import { decodeXml } from './encoding';
import { DocumentFormatError } from './errors';
import type { ExtractedDocument, ExtractOptions } from './types';
import { RunCollector } from './xliff-inline';
import type { XliffSkeleton } from './xliff-merge';
import { SlotBuilder } from './xliff-slots';
import type { XmlElement } from './xml-tree';
import { childElements, parseXml, textContent } from './xml-tree';

const WHAT = 'XLIFF 1.2';

interface Inherited {
  isTranslatable: boolean;
  isPreserve: boolean;
  lang: string;
}

/**
 * XLIFF 1.2 (and 1.1): every `<trans-unit>` that is translatable. A unit segmented with
 * `<seg-source>`/`<mrk mtype="seg">` gives one segment per marker; a unit without segmentation
 * and without a translation is sentence-segmented, and its targets are joined into one `<target>`
 * on merge; a unit that already has a translation stays whole (its target cannot be split
 * reliably). Notes are the unit's `<note>`s; the key is `resname`, else `id`.
 */
export function extractXliff12(bytes: Uint8Array, options: ExtractOptions): ExtractedDocument {
  const decoded = decodeXml(bytes, WHAT);
  const { text } = decoded;
  const builder = new SlotBuilder();
  // Units are taken as they end, so that `onSegments` hears of them while the rest is parsed.
  const root = parseXml(text, WHAT, (element, ancestors) => {
    if (element.local !== 'trans-unit') return;
    const inherited = unitInheritance(ancestors, options.srclang);
    if (!inherited) return;
    addUnit(text, element, inherit(element, inherited), builder);
    options.onSegments?.(builder.segments);
  });
  if (root.local !== 'xliff') {
    throw new DocumentFormatError(`${WHAT}: the root element is <${root.name}>, not <xliff>`, root);
  }
  if (root.attrs.version?.startsWith('2')) {
    throw new DocumentFormatError(`${WHAT}: this is XLIFF ${root.attrs.version}, not 1.2`, root);
  }
  const langAttrs: XliffSkeleton['langAttrs'] = [];
  let srclang: string | null = null;
  let trglang: string | null = null;
  for (const file of childElements(root, 'file')) {
    srclang ??= file.attrs['source-language'] ?? null;
    trglang ??= file.attrs['target-language'] ?? null;
    if (!file.attrs['target-language']) {
      langAttrs.push({ at: file.start + 1 + file.name.length, name: 'target-language' });
    }
  }
  const skeleton: XliffSkeleton = {
    format: 'xliff12',
    version: 1,
    encoding: decoded.encoding,
    text,
    slots: builder.slots,
    segmentCount: builder.segments.length,
    langAttrs,
    declaredEncoding: decoded.declaredEncoding,
  };
  return { format: 'xliff12', srclang, trglang, segments: builder.segments, skeleton };
}

function inherit(element: XmlElement, inherited: Inherited): Inherited {
  const { translate } = element.attrs;
  const space = element.attrs['xml:space'];
  return {
    isTranslatable: translate === undefined ? inherited.isTranslatable : translate !== 'no',
    isPreserve: space === undefined ? inherited.isPreserve : space === 'preserve',
    lang: inherited.lang,
  };
}

/**
 * What a trans-unit inherits from its ancestors, or null when it is not one the file translates:
 * units count inside `<xliff version="1.x">` > `<file>` > `<body>` > any `<group>`s. The file sets
 * the language and `xml:space`; groups pass on `translate` and `xml:space`.
 */
function unitInheritance(ancestors: readonly XmlElement[], srclang: string): Inherited | null {
  const [root, file, body] = ancestors;
  if (root?.local !== 'xliff' || root.attrs.version?.startsWith('2')) return null;
  if (file?.local !== 'file' || body?.local !== 'body') return null;
  let inherited: Inherited = {
    isTranslatable: true,
    isPreserve: file.attrs['xml:space'] === 'preserve',
    lang: file.attrs['source-language'] ?? srclang,
  };
  for (const group of ancestors.slice(3)) {
    if (group.local !== 'group') return null;
    inherited = inherit(group, inherited);
  }
  return inherited;
}

function addUnit(text: string, unit: XmlElement, inherited: Inherited, builder: SlotBuilder) {
  if (!inherited.isTranslatable) return;
  const source = childElements(unit, 'source')[0];
  if (!source) {
    throw new DocumentFormatError(
      `${WHAT}: <trans-unit id="${unit.attrs.id ?? ''}"> has no <source>`,
      unit,
    );
  }
  const segSource = childElements(unit, 'seg-source')[0];
  const target = childElements(unit, 'target')[0] ?? null;
  const notes = childElements(unit, 'note')
    .map((n) => textContent(n).trim())
    .filter((n) => n !== '');
  const state = target?.attrs.state;
  const ctx = {
    text,
    lang: inherited.lang,
    contextKey: unit.attrs.resname ?? unit.attrs.id ?? null,
    note: notes.length > 0 ? notes.join('\n') : null,
    isPreserve: inherit(source, inherited).isPreserve,
    isFuzzy: state !== undefined && (state === 'new' || state.startsWith('needs-')),
  };
  const collector = new RunCollector(text, '1.2');
  const hasMarks =
    segSource &&
    /<(?:[\w.-]+:)?mrk\b[^>]*mtype\s*=\s*["']seg["']/.test(
      text.slice(segSource.start, segSource.end),
    );
  if (segSource && hasMarks) builder.addMarked(ctx, collector, source, segSource, target);
  // A <seg-source> without markers: the target still goes after it.
  else
    builder.addPlain(ctx, collector, source, target, true, { insertAt: (segSource ?? source).end });
}
