/**
 * franc names languages with ISO 639-3 codes. For most of them (eng, spa, deu, fra, rus...) that
 * is also the ISO 639-2/T code. The exceptions are below:
 * - individual languages whose ISO 639-2 code is their macrolanguage's (Standard Arabic `arb` is
 *   `ara`, Mandarin `cmn` is `zho`, Iranian Persian `pes` is `fas`...);
 * - languages ISO 639-2 does not list, which get the collective code of their family there
 *   (Venetian `vec` is `roa`, Romance languages).
 */
const TO_ISO639_2: Record<string, string> = {
  aii: 'syr',
  als: 'sqi',
  arb: 'ara',
  ayr: 'aym',
  azj: 'aze',
  bcl: 'bik',
  ckb: 'kur',
  cmn: 'zho',
  dip: 'din',
  ekk: 'est',
  emk: 'man',
  fuf: 'ful',
  fuv: 'ful',
  hms: 'hmn',
  hnj: 'hmn',
  khk: 'mon',
  kng: 'kon',
  knc: 'kau',
  koi: 'kom',
  lvs: 'lav',
  nhn: 'nah',
  npi: 'nep',
  pbu: 'pus',
  pes: 'fas',
  plt: 'mlg',
  prs: 'fas',
  qug: 'que',
  quy: 'que',
  quz: 'que',
  rmn: 'rom',
  skr: 'lah',
  src: 'srd',
  swh: 'swa',
  uzn: 'uzb',
  ydd: 'yid',
  zlm: 'msa',
  zyb: 'zha',
  // Not in ISO 639-2: the collective code of the family.
  bci: 'nic',
  bum: 'bnt',
  cjk: 'bnt',
  ibb: 'nic',
  kbp: 'nic',
  kde: 'bnt',
  toi: 'bnt',
  tzm: 'ber',
  vec: 'roa',
  vmw: 'bnt',
};

/** The ISO 639-2/T code for one of franc's ISO 639-3 codes. */
export function toIso639_2(iso639_3: string): string {
  return TO_ISO639_2[iso639_3] ?? iso639_3;
}
