import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  DEFAULT_WORDS,
  describeLanguage,
  describeTemplate,
  MAX_PROMPT_TERMS,
  maxTokensFor,
} from './prompt';

const base = { template: 'blog-post', language: 'en-US', terms: [] };

describe('buildPrompt', () => {
  it('asks for the template, language and length', () => {
    const { system, prompt, maxTokens } = buildPrompt({ ...base, contentLength: 120 });
    expect(system).toContain('Write only in American English (en-US).');
    expect(prompt).toBe(
      'Write a blog post, with a title, an introduction, a body and a conclusion, about 120 words long.',
    );
    expect(maxTokens).toBe(maxTokensFor(120));
  });

  it('carries the summary, sections in order, tone and style guide', () => {
    const { prompt } = buildPrompt({
      ...base,
      template: 'email',
      name: 'Spring  sale',
      summary: 'Our spring sale starts Monday.',
      sections: ['Offer', '  ', 'Dates\nand times'],
      tone: 'friendly',
      styleguide: 'Short sentences.\nNo exclamation marks.',
    });
    expect(prompt.split('\n')).toEqual([
      `Write an email with a subject line, a greeting, a body and a closing, about ${DEFAULT_WORDS} words long.`,
      'Title or working name: Spring sale',
      'What it is about: Our spring sale starts Monday.',
      'Use these sections, in this order:',
      '- Offer',
      '- Dates and times',
      'Tone: friendly.',
      'Follow this style guide:',
      'Short sentences.',
      'No exclamation marks.',
    ]);
  });

  it('lists the termbase entries to use exactly as written, at most MAX_PROMPT_TERMS', () => {
    const terms = Array.from({ length: MAX_PROMPT_TERMS + 5 }, (_, i) => ({
      source: `term ${i}`,
      target: `Término ${i}`,
    }));
    const lines = buildPrompt({ ...base, terms }).prompt.split('\n');
    const at = lines.indexOf('Use these terms exactly as written: source -> target');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('- term 0 -> Término 0');
    expect(lines.slice(at + 1)).toHaveLength(MAX_PROMPT_TERMS);
  });

  it('leaves out what is empty', () => {
    const { prompt } = buildPrompt({
      ...base,
      summary: ' ',
      tone: '',
      styleguide: '',
      sections: [],
    });
    expect(prompt.split('\n')).toHaveLength(1);
  });
});

describe('templates and languages', () => {
  it('knows the usual templates in any spelling, and describes others by their words', () => {
    expect(describeTemplate('Product Description')).toMatch(/^a product description/);
    expect(describeTemplate('social_media_post')).toBe('a short social media post');
    expect(describeTemplate('release-notes')).toBe('a release notes');
    expect(describeTemplate('outline')).toBe('an outline');
  });

  it('names a language and keeps a tag it does not know', () => {
    expect(describeLanguage('de')).toBe('German (de)');
    expect(describeLanguage('pt_BR')).toBe('Brazilian Portuguese (pt-BR)');
    expect(describeLanguage('qqq')).toBe('qqq');
  });

  it('allows about 1.5 tokens a word, within bounds', () => {
    expect(maxTokensFor(100)).toBe(214);
    expect(maxTokensFor(5000)).toBe(7564);
    expect(maxTokensFor(100000)).toBe(8192);
  });
});
