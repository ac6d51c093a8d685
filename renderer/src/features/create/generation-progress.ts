/** Words in a text (runs of non-space characters). */
export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** How many words a live announcement steps by: a screen reader hears progress, not each token. */
export const ANNOUNCE_EVERY_WORDS = 25;

/** What the polite live region says about a generation: it changes every 25 words and at the end. */
export function progressAnnouncement(
  text: string,
  phase: 'running' | 'stopping' | 'finished' | 'stopped' | 'failed',
): string {
  const words = countWords(text);
  if (phase === 'running') {
    const stepped = Math.floor(words / ANNOUNCE_EVERY_WORDS) * ANNOUNCE_EVERY_WORDS;
    return stepped === 0 ? 'Generating…' : `Generating: ${stepped} words so far.`;
  }
  if (phase === 'stopping') return 'Stopping…';
  if (phase === 'stopped') return `Stopped after ${words} words; the text so far is saved.`;
  if (phase === 'failed') return `The engine broke off after ${words} words.`;
  return `Finished: ${words} words, saved.`;
}
