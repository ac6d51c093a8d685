import { escapeSegmentText } from './inline-codes';

/**
 * Plain text of an app string (YAML, .properties, Android, iOS, xcstrings) to a segment string
 * whose placeholders are protected as codes. STUB: to be written (ICU plural/select as `<ph>`
 * codes carrying their native syntax; `{name}`, `{{x}}`, `%s`, `%1$d` likewise). Merging needs
 * nothing of its own: `segmentToPlainText` writes a `<ph>` back as its native text.
 */
export function protectPlaceholders(text: string): string {
  return escapeSegmentText(text);
}
