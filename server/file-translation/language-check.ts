import { sameLanguage } from '../formats/languages';
import { segmentToPlainText, type ExtractedSegment } from '../formats/documents';
import { detectLanguage } from '../langid/detect';

/** Characters of the file's text that language detection reads. */
const SAMPLE_CHARS = 16_000;
/** Below this confidence a disagreement is not worth a word. */
const MIN_CONFIDENCE = 0.5;

const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** `eng` -> `en`: ICU knows the ISO 639-2 to 639-1 aliases. */
function shortCode(iso639_2: string): string {
  try {
    return Intl.getCanonicalLocales(iso639_2)[0] ?? iso639_2;
  } catch {
    return iso639_2;
  }
}

function languageName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The segments so far hold the whole sample that `languageWarning` reads: it can run now. */
export function hasLanguageSample(segments: readonly ExtractedSegment[]): boolean {
  let chars = 0;
  for (const segment of segments) {
    chars += segmentToPlainText(segment.source).length + 1;
    if (chars >= SAMPLE_CHARS) return true;
  }
  return false;
}

/**
 * A warning when the file's language is not the memory's source language: the one found when the
 * file was uploaded with `langId`, else detected now on a sample of its segments. Null when they
 * agree or the text does not tell.
 */
export function languageWarning(
  detectedAtUpload: string,
  segments: readonly ExtractedSegment[],
  srclang: string,
): string | null {
  let lang = detectedAtUpload;
  if (lang === 'zxx' || lang === 'und') {
    let sample = '';
    for (const segment of segments) {
      if (sample.length >= SAMPLE_CHARS) break;
      sample += `${segmentToPlainText(segment.source)}\n`;
    }
    const detected = detectLanguage(sample);
    if (detected.confidence < MIN_CONFIDENCE) return null;
    lang = detected.lang;
  }
  if (lang === 'und') return null;
  const code = shortCode(lang);
  if (sameLanguage(code, srclang)) return null;
  return (
    `The file reads as ${languageName(code)} (${lang}), but the memory translates from ` +
    `${languageName(srclang)} (${srclang}): check that the memory's language pair fits the file`
  );
}
