/**
 * ISO 639-3 (what Apertium names its modes with) -> ISO 639-1 (what the API speaks: `en`, `es`),
 * for the languages Apertium ships. Codes without a two-letter form (`ast`, `hbs`...) stay as given.
 */
const ISO3_TO_ISO1: Record<string, string> = {
  afr: 'af',
  ara: 'ar',
  arg: 'an',
  ava: 'av',
  aze: 'az',
  bak: 'ba',
  bel: 'be',
  ben: 'bn',
  bos: 'bs',
  bre: 'br',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  chv: 'cv',
  cos: 'co',
  cym: 'cy',
  dan: 'da',
  deu: 'de',
  ell: 'el',
  eng: 'en',
  epo: 'eo',
  est: 'et',
  eus: 'eu',
  fao: 'fo',
  fas: 'fa',
  fin: 'fi',
  fra: 'fr',
  fry: 'fy',
  gla: 'gd',
  gle: 'ga',
  glg: 'gl',
  grn: 'gn',
  hau: 'ha',
  heb: 'he',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  hye: 'hy',
  ibo: 'ig',
  ind: 'id',
  isl: 'is',
  ita: 'it',
  jpn: 'ja',
  kat: 'ka',
  kaz: 'kk',
  khm: 'km',
  kir: 'ky',
  kor: 'ko',
  kur: 'ku',
  lao: 'lo',
  lat: 'la',
  lav: 'lv',
  lit: 'lt',
  ltz: 'lb',
  mar: 'mr',
  mkd: 'mk',
  mlg: 'mg',
  mlt: 'mt',
  mon: 'mn',
  msa: 'ms',
  mya: 'my',
  nep: 'ne',
  nld: 'nl',
  nno: 'nn',
  nob: 'nb',
  nor: 'no',
  oci: 'oc',
  oss: 'os',
  pan: 'pa',
  pol: 'pl',
  por: 'pt',
  que: 'qu',
  ron: 'ro',
  rus: 'ru',
  slk: 'sk',
  slv: 'sl',
  sme: 'se',
  snd: 'sd',
  som: 'so',
  spa: 'es',
  sqi: 'sq',
  srd: 'sc',
  srp: 'sr',
  swa: 'sw',
  swe: 'sv',
  tam: 'ta',
  tat: 'tt',
  tel: 'te',
  tgl: 'tl',
  tha: 'th',
  tuk: 'tk',
  tur: 'tr',
  uig: 'ug',
  ukr: 'uk',
  urd: 'ur',
  uzb: 'uz',
  vie: 'vi',
  xho: 'xh',
  yid: 'yi',
  yor: 'yo',
  zho: 'zh',
  zul: 'zu',
};

const ISO1_TO_ISO3: Record<string, string> = Object.fromEntries(
  Object.entries(ISO3_TO_ISO1).map(([three, one]) => [one, three]),
);

/** `eng` -> `en`; a code with no two-letter form is returned unchanged. */
export function toApiCode(code: string): string {
  return ISO3_TO_ISO1[code] ?? code;
}

/** `en` -> `eng` (what Apertium mode names use); other codes are returned unchanged. */
export function toApertiumCode(code: string): string {
  return ISO1_TO_ISO3[code] ?? code;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** English name of a language code (`es` -> `Spanish`), or the code itself when unknown. */
export function languageName(code: string): string {
  try {
    return displayNames.of(code) ?? code;
  } catch {
    // Intl rejects codes that are not well-formed language tags.
    return code;
  }
}
