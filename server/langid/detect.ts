import { francAll } from 'franc';
import { toIso639_2 } from './iso639';

export interface DetectedLanguage {
  /** ISO 639-2/T code, or `und` when the text does not tell. */
  lang: string;
  /** In (0, 1] for a code; 0 for `und`. */
  confidence: number;
}

export const UNDETERMINED: DetectedLanguage = { lang: 'und', confidence: 0 };

/** Below this many letters there is too little to go on. */
const MIN_LETTERS = 20;
/** franc reads at most 2048 characters; longer samples are judged in windows of this size. */
const WINDOW = 2000;
const MAX_WINDOWS = 8;
/** Scale of the lead: a lead of 8 units gives 0.63, 16 gives 0.86, 24 gives 0.95. */
const LEAD_SCALE = 8;
/** Samples with fewer letters than this cannot reach full confidence. */
const FULL_LETTERS = 300;

const countLetters = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/** Consecutive windows of at most WINDOW characters, cut at spaces. */
function windows(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > 0 && out.length < MAX_WINDOWS) {
    let cut = rest.length <= WINDOW ? rest.length : rest.lastIndexOf(' ', WINDOW);
    if (cut <= WINDOW / 2) cut = Math.min(WINDOW, rest.length);
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut);
  }
  return out.filter((window) => countLetters(window) >= MIN_LETTERS);
}

/**
 * One window's vote. franc scores languages as 1 - (D - D₁) / (300·L - D₁), where D is the
 * trigram distance (each of up to 300 trigrams adds its rank difference, or 300 when the
 * language lacks it) and L the text length. So (1 - s₂)·L ≈ (D₂ - D₁) / 300: the winner's lead
 * over the runner-up, in units of one trigram the runner-up lacks entirely. Clear paragraphs lead
 * by 10 to 30 units; wrong guesses on short snippets by under 3. The confidence is
 * 1 - exp(-lead / 8), scaled by √(letters / 300) below 300 letters.
 */
function vote(window: string): { lang: string; confidence: number } | null {
  const ranked = francAll(window, { minLength: MIN_LETTERS });
  const [best, second] = ranked;
  if (!best || best[0] === 'und') return null;
  // A script used by one language only (Greek, Korean, Thai...) decides on its own.
  const lead = second ? (1 - second[1]) * window.length : Number.POSITIVE_INFINITY;
  const certainty = 1 - Math.exp(-lead / LEAD_SCALE);
  const lengthFactor = Math.min(1, Math.sqrt(countLetters(window) / FULL_LETTERS));
  return { lang: best[0], confidence: certainty * lengthFactor };
}

/**
 * The language of a text, judged over up to 8 windows of 2000 characters. The language with the
 * most confident votes wins; its confidence is the mean of the windows' confidences, where
 * windows that voted for another language (or could not tell) count against it or as zero.
 */
export function detectLanguage(text: string): DetectedLanguage {
  if (countLetters(text) < MIN_LETTERS) return UNDETERMINED;
  const parts = windows(text);
  if (parts.length === 0) return UNDETERMINED;
  const votes = parts.map(vote);
  const totals = new Map<string, number>();
  for (const v of votes) if (v) totals.set(v.lang, (totals.get(v.lang) ?? 0) + v.confidence);
  let winner: string | undefined;
  let best = 0;
  for (const [lang, total] of totals) {
    if (total > best) [winner, best] = [lang, total];
  }
  if (!winner) return UNDETERMINED;
  const against = [...totals].reduce(
    (sum, [lang, total]) => (lang === winner ? sum : sum + total),
    0,
  );
  const confidence = (best - against) / parts.length;
  if (confidence <= 0) return UNDETERMINED;
  // Three decimals are all the precision this has; never round a real guess down to 0.
  return {
    lang: toIso639_2(winner),
    confidence: Math.max(0.001, Math.round(confidence * 1000) / 1000),
  };
}
