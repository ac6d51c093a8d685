import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError } from './errors';
import type { DocumentFilter } from './filter';
import { segmentToPlainText } from './inline-codes';
import { protectPlaceholders } from './placeholders';
import type { ExtractedSegment } from './types';
import { detectStyle, stringifyLike } from './xcstrings-json';
import { ensure, nodeAt, unitsOf, type Localization, type StringUnit } from './xcstrings-units';

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
  /**
   * Per segment: the key and the path of its unit in a localization, pairs of a container and a
   * name (`variations.plural` + `one` is `['plural', 'one']` in version 1 skeletons, which only
   * had that; now `['variations', 'plural', 'one']`, `['substitutions', 'files', ...]`).
   */
  places: Array<{ key: string; variation: string[] }>;
}

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
      const existing = nodeAt(entry.localizations?.[options.trglang], variation)?.stringUnit;
      const where = variation.filter((step) => step !== 'variations').join('.');
      const contextKey = where ? `${key}|${where}` : key;
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
      const units: Array<[string[], StringUnit]> = [];
      const own = entry.localizations?.[source];
      if (own) unitsOf(own, [], units);
      // No unit in the source language: the key is the text (Xcode's default).
      if (!own || (!own.stringUnit && units.length === 0)) units.unshift([[], { value: key }]);
      for (const [path, unit] of units) add(key, path, unit.value ?? '', entry);
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
    const source = catalog.sourceLanguage ?? 'en';
    skeleton.places.forEach(({ key, variation }, i) => {
      const target = targets[i];
      const entry = catalog.strings?.[key];
      if (target == null || !entry) return;
      const localizations = (entry.localizations ??= {});
      const loc = (localizations[options.trglang] ??= {});
      const node = ensure(loc, localizations[source], variation);
      node.stringUnit = { state: 'translated', value: segmentToPlainText(target) };
      entry.localizations = Object.fromEntries(
        Object.entries(localizations).sort(([a], [b]) => a.localeCompare(b)),
      );
    });
    return encodeText(stringifyLike(catalog, detectStyle(skeleton.text)), skeleton.encoding);
  },
};
