import { describe, expect, it } from 'vitest';
import { countWords, progressAnnouncement } from './generation-progress';

const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');

describe('progressAnnouncement', () => {
  it('changes every 25 words while running, not with each token', () => {
    expect(progressAnnouncement(words(3), 'running')).toBe('Generating…');
    expect(progressAnnouncement(words(24), 'running')).toBe('Generating…');
    expect(progressAnnouncement(words(25), 'running')).toBe('Generating: 25 words so far.');
    expect(progressAnnouncement(words(49), 'running')).toBe('Generating: 25 words so far.');
    expect(progressAnnouncement(words(50), 'running')).toBe('Generating: 50 words so far.');
  });

  it('says how it ended', () => {
    expect(progressAnnouncement(words(7), 'stopped')).toBe(
      'Stopped after 7 words; the text so far is saved.',
    );
    expect(progressAnnouncement(words(7), 'finished')).toBe('Finished: 7 words, saved.');
    expect(progressAnnouncement(words(7), 'failed')).toBe('The engine broke off after 7 words.');
  });

  it('counts words across any white space', () => {
    expect(countWords('  one\ttwo\n\nthree ')).toBe(3);
    expect(countWords('')).toBe(0);
  });
});
