import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError } from './errors';
import type { DocumentFilter } from './filter';
import { segmentToPlainText } from './inline-codes';
import { protectPlaceholders } from './placeholders';
import type { ExtractedSegment } from './types';

interface StringUnit {
  state?: string;
  value?: string;
}
interface Localization {
  stringUnit?: StringUnit;
  variations?: Record<string, Record<string, Localization>>;
}
interface Entry {
  comment?: string;
  shouldTranslate?: boolean;
  localizations?: Record<string, Localization>;
}
interface Catalog {
  sourceLanguage?: string;
  strings?: Record<string, Entry>;
}

export interface XcstringsSkeleton {
  format: 'xcstrings';
  version: 1;
  encoding: TextEncoding;
  text: string;
  segmentCount: number;
  /** Per segment: the key and the variation path (`plural.one`), empty for the plain unit. */
  places: Array<{ key: string; variation: string[] }>;
}

const at = (loc: Localization | undefined, path: string[]): StringUnit | undefined =>
  path.length === 0 ? loc?.stringUnit : loc?.variations?.[path[0]!]?.[path[1]!]?.stringUnit;

/**
 * Xcode String Catalogs (.xcstrings, JSON): for each key not marked `shouldTranslate: false`, the
 * source language's unit (or the key itself) is a segment, each plural or device variation one
 * of its own; the target language's existing units are the targets (not yet `translated`: fuzzy).
 * Merge sets the target language's units to `translated` and writes the catalog as Xcode does
 * (two spaces, ` : ` between key and value when the file has it), the original when nothing is.
 */
export const xcstringsFilter: DocumentFilter<XcstringsSkeleton> = {
  format: 'xcstrings',
  extensions: ['xcstrings'],
  extract(bytes, options) {
    const { text, encoding } = decodeText(bytes, 'String Catalog');
    let catalog: Catalog;
    try {
      catalog = JSON.parse(text) as Catalog;
    } catch (error) {
      throw new DocumentFormatError(`String Catalog: not JSON: ${(error as Error).message}`);
    }
    const source = catalog.sourceLanguage ?? 'en';
    const segments: ExtractedSegment[] = [];
    const places: XcstringsSkeleton['places'] = [];
    const add = (key: string, variation: string[], value: string, entry: Entry) => {
      if (!/[\p{L}\p{N}]/u.test(value)) return;
      const existing = at(entry.localizations?.[options.trglang], variation);
      const contextKey = variation.length ? `${key}|${variation.join('.')}` : key;
      segments.push({
        index: segments.length,
        source: protectPlaceholders(value),
        target: existing?.value ? protectPlaceholders(existing.value) : null,
        contextKey,
        note: entry.comment ? `${entry.comment}\n${contextKey}` : contextKey,
        ...(existing?.value && existing.state !== 'translated' ? { isFuzzy: true } : {}),
      });
      places.push({ key, variation });
    };
    for (const [key, entry] of Object.entries(catalog.strings ?? {})) {
      if (entry.shouldTranslate === false) continue;
      const own = entry.localizations?.[source];
      const variations = Object.entries(own?.variations ?? {});
      if (variations.length === 0) add(key, [], own?.stringUnit?.value ?? key, entry);
      for (const [kind, cases] of variations) {
        for (const [name, loc] of Object.entries(cases))
          add(key, [kind, name], loc.stringUnit?.value ?? '', entry);
      }
    }
    const skeleton: XcstringsSkeleton = {
      ...{ format: 'xcstrings', version: 1, encoding, text, segmentCount: segments.length },
      places,
    };
    return { format: 'xcstrings', srclang: source, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets, options) {
    if (targets.every((t) => t === null)) return encodeText(skeleton.text, skeleton.encoding);
    const catalog = JSON.parse(skeleton.text) as Catalog;
    skeleton.places.forEach(({ key, variation }, i) => {
      const target = targets[i];
      const entry = catalog.strings?.[key];
      if (target == null || !entry) return;
      const localizations = (entry.localizations ??= {});
      const loc = (localizations[options.trglang] ??= {});
      const unit: StringUnit = { state: 'translated', value: segmentToPlainText(target) };
      if (variation.length === 0) loc.stringUnit = unit;
      else ((loc.variations ??= {})[variation[0]!] ??= {})[variation[1]!] = { stringUnit: unit };
      entry.localizations = Object.fromEntries(
        Object.entries(localizations).sort(([a], [b]) => a.localeCompare(b)),
      );
    });
    let json = JSON.stringify(catalog, null, 2);
    if (/"\s:\s/.test(skeleton.text)) json = json.replace(/^(\s*"(?:[^"\\]|\\.)*"): /gm, '$1 : ');
    if (skeleton.text.endsWith('\n')) json += '\n';
    return encodeText(json, skeleton.encoding);
  },
};
