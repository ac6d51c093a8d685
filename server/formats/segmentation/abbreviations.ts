/**
 * Abbreviations after which a sentence does not end, per base language. An entry ending in `#`
 * only holds when a number follows (`No. 5`, but `No. That is wrong.` is two sentences). Inner
 * spaces match any run of spaces, or none (`z. B.` and `z.B.`). Each entry also matches with its
 * first letter capitalized (`E.g.`, `P. ej.`). Unknown languages use the English list.
 */
const LISTS: Record<string, readonly string[]> = {
  en: [
    'Mr.',
    'Mrs.',
    'Ms.',
    'Dr.',
    'Prof.',
    'Sr.',
    'Jr.',
    'St.',
    'Mt.',
    'Gen.',
    'Col.',
    'Lt.',
    'Capt.',
    'Rev.',
    'vs.',
    'etc.',
    'e.g.',
    'i.e.',
    'approx.',
    'cf.',
    'fig.',
    'figs.',
    'ca.',
    'al.',
    'esp.',
    'incl.',
    'resp.',
    'Inc.',
    'Ltd.',
    'Co.',
    'Corp.',
    'dept.',
    'min.',
    'max.',
    'misc.',
    'No.#',
    'Nos.#',
    'no.#',
    'vol.#',
    'p.#',
    'pp.#',
    'ch.#',
    'sec.#',
    'art.#',
    'Jan.#',
    'Feb.#',
    'Mar.#',
    'Apr.#',
    'Jun.#',
    'Jul.#',
    'Aug.#',
    'Sep.#',
    'Sept.#',
    'Oct.#',
    'Nov.#',
    'Dec.#',
  ],
  es: [
    'Sr.',
    'Sra.',
    'Sres.',
    'Srta.',
    'Dr.',
    'Dra.',
    'Lic.',
    'Ing.',
    'Prof.',
    'Ud.',
    'Uds.',
    'Vd.',
    'Vds.',
    'Dña.',
    'p. ej.',
    'EE. UU.',
    'etc.',
    'aprox.',
    'Av.',
    'Avda.',
    'admón.',
    'cap.',
    'caps.',
    'dcha.',
    'izq.',
    'izqda.',
    'tel.',
    'vol.',
    'núm.#',
    'Núm.#',
    'n.º#',
    'pág.#',
    'págs.#',
    'art.#',
  ],
  de: [
    'z. B.',
    'd. h.',
    'u. a.',
    'u. ä.',
    'o. ä.',
    'z. T.',
    'i. d. R.',
    'u. U.',
    'usw.',
    'bzw.',
    'ca.',
    'Dr.',
    'Prof.',
    'Hr.',
    'Hrn.',
    'Fr.',
    'evtl.',
    'ggf.',
    'inkl.',
    'exkl.',
    'vgl.',
    'bspw.',
    'sog.',
    'etc.',
    'Str.',
    'Tel.',
    'max.',
    'min.',
    'Nr.#',
    'S.#',
    'Abs.#',
    'Bd.#',
  ],
  fr: [
    'M.',
    'MM.',
    'Mme.',
    'Mmes.',
    'Mlle.',
    'Dr.',
    'Pr.',
    'p. ex.',
    'etc.',
    'cf.',
    'env.',
    'av.',
    'apr.',
    'boul.',
    'n°#',
    'p.#',
    'art.#',
  ],
  it: ['Sig.', 'Sigg.', 'Sig.ra', 'Dott.', 'Dr.', 'Prof.', 'ecc.', 'es.', 'p. es.', 'pag.#', 'n.#'],
  pt: ['Sr.', 'Sra.', 'Srta.', 'Dr.', 'Dra.', 'Prof.', 'p. ex.', 'etc.', 'pág.#', 'n.º#'],
  nl: ['bijv.', 'd.w.z.', 'enz.', 'o.a.', 'm.a.w.', 'dhr.', 'mevr.', 'Dr.', 'Prof.', 'nr.#'],
};

export interface AbbreviationSet {
  /** Matches every abbreviation with inner spaces (`z. B.`) in a text (global); null if none. */
  multiPart: RegExp | null;
  /** Matches an abbreviation at the end of a text. */
  atEnd: RegExp;
  /** Abbreviations (as written in the text) that only hold before a number. */
  beforeNumber: Set<string>;
  /** German: an ordinal before a month (`3. Oktober`) does not end a sentence either. */
  isGerman: boolean;
}

/** Longer than any abbreviation: the window of text looked at around a break. */
export const ABBREVIATION_WINDOW = 24;

const cache = new Map<string, AbbreviationSet>();

/** The base language of a BCP 47 tag, lower-cased: `es-ES` -> `es`. */
export function baseLanguage(lang: string): string {
  return (lang.split(/[-_]/)[0] ?? '').toLowerCase();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entryPattern(entry: string): string {
  return entry.split(' ').map(escapeRegExp).join('[\\s\\u00a0\\u202f]*');
}

/** The abbreviations of a language, as one regular expression. */
export function abbreviationsFor(lang: string): AbbreviationSet {
  const base = baseLanguage(lang);
  const key = LISTS[base] ? base : 'en';
  const cached = cache.get(key);
  if (cached) return cached;
  const variants = new Set<string>();
  const beforeNumber = new Set<string>();
  for (const raw of LISTS[key] ?? []) {
    const isNumbered = raw.endsWith('#');
    const entry = isNumbered ? raw.slice(0, -1) : raw;
    const capitalized = entry.charAt(0).toUpperCase() + entry.slice(1);
    for (const v of [entry, capitalized]) {
      variants.add(v);
      if (isNumbered) beforeNumber.add(v);
    }
  }
  // Longest first, so `Sra.` wins over `Sr.` and `EE. UU.` over anything shorter.
  const alternatives = [...variants].sort((a, b) => b.length - a.length).map(entryPattern);
  const lookbehind = '(?<![\\p{L}\\p{N}.])';
  const atEnd = new RegExp(`${lookbehind}(?:${alternatives.join('|')})$`, 'u');
  const spaced = [...variants].filter((v) => v.includes(' ')).map(entryPattern);
  const multiPart =
    spaced.length > 0 ? new RegExp(`${lookbehind}(?:${spaced.join('|')})`, 'gu') : null;
  const set = { multiPart, atEnd, beforeNumber, isGerman: key === 'de' };
  cache.set(key, set);
  return set;
}

/** German months, after which an ordinal (`3. Oktober`) does not end a sentence. */
export const GERMAN_MONTHS =
  /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan\.|Feb\.|Mär\.|Apr\.|Jun\.|Jul\.|Aug\.|Sep\.|Sept\.|Okt\.|Nov\.|Dez\.)/u;
