const primaries = new Map<string, string>();

/** The primary language subtag, lower-case: `en-US`, `EN_us` and `en` are all `en`. */
export function primaryLanguage(tag: string): string {
  let primary = primaries.get(tag);
  if (primary === undefined) {
    const cut = tag.search(/[-_]/);
    primary = (cut < 0 ? tag : tag.slice(0, cut)).trim().toLowerCase();
    // Files use a handful of tags; the cap only guards against a file of random ones.
    if (primaries.size < 1000) primaries.set(tag, primary);
  }
  return primary;
}

/** Whether two language tags name the same language, by primary subtag (`en-US` ~ `en`). */
export function sameLanguage(a: string | undefined | null, b: string | undefined | null): boolean {
  return !!a && !!b && primaryLanguage(a) === primaryLanguage(b);
}

/** The languages a memory translates between, as importers need them. */
export interface LanguagePair {
  srclang: string;
  trglang: string;
}

let lastDate = '';
let lastSeconds: number | undefined;

/** TMX/TBX dates: `20240131T120000Z` (basic ISO 8601), or anything `Date` reads; epoch seconds. */
export function parseTmxDate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  // Units of one file often share their dates.
  if (value === lastDate) return lastSeconds;
  lastDate = value;
  lastSeconds = parseDate(value);
  return lastSeconds;
}

function parseDate(value: string): number | undefined {
  const basic = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  const ms = basic
    ? Date.UTC(+basic[1]!, +basic[2]! - 1, +basic[3]!, +basic[4]!, +basic[5]!, +basic[6]!)
    : Date.parse(value);
  return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms / 1000) : undefined;
}

/** Epoch seconds as a TMX date. */
export function formatTmxDate(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
