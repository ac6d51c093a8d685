/**
 * The prompt of a generation, a pure function of what was asked: the template, its parameters,
 * the tone and style guide, and the termbase entries found for it.
 */

/** The parameters as the service normalized them (`contentLength` a number of words). */
export interface PromptInput {
  template: string;
  name?: string;
  language: string;
  contentLength?: number;
  sections?: string[];
  summary?: string;
  tone?: string;
  styleguide?: string;
  /** Termbase entries to use exactly as written. */
  terms: Array<{ source: string; target: string }>;
}

export interface Prompt {
  system: string;
  prompt: string;
  maxTokens: number;
}

/** Words when the request names no length. */
export const DEFAULT_WORDS = 300;
/** At most this many termbase entries go into a prompt (the longest matches come first). */
export const MAX_PROMPT_TERMS = 50;

/** What each known template asks for; any other template name is described by its words. */
const TEMPLATES: Record<string, string> = {
  'blog-post': 'a blog post, with a title, an introduction, a body and a conclusion',
  'product-description':
    'a product description that says what the product is, what it does and why it matters',
  email: 'an email with a subject line, a greeting, a body and a closing',
  'social-media-post': 'a short social media post',
  'press-release': 'a press release with a headline, a dateline, the news and a boilerplate',
  newsletter: 'a newsletter with a headline and short sections',
  'landing-page': 'the copy of a landing page with a headline, benefits and a call to action',
  faq: 'a list of frequently asked questions, each with its answer',
  'ad-copy': 'advertising copy with a headline and a call to action',
};

/** `blog_post`, `Blog Post` and `blog-post` are one template. */
export function templateKey(template: string): string {
  return template
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** What the template asks for, in words. */
export function describeTemplate(template: string): string {
  const known = TEMPLATES[templateKey(template)];
  if (known) return known;
  const words = template.trim().replace(/[-_]+/g, ' ');
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
}

/** `en-US` -> `American English (en-US)`; the tag alone when the runtime does not know it. */
export function describeLanguage(tag: string): string {
  const canonical = tag.replace(/_/g, '-');
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(canonical);
    return name && name !== canonical ? `${name} (${canonical})` : canonical;
  } catch {
    return canonical;
  }
}

/** Tokens allowed for `words` words: about 1.5 tokens a word, with room for headings. */
export function maxTokensFor(words: number): number {
  return Math.min(8192, Math.ceil(words * 1.5) + 64);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function buildPrompt(input: PromptInput): Prompt {
  const words = input.contentLength ?? DEFAULT_WORDS;
  const system = [
    'You are a professional content writer.',
    `Write only in ${describeLanguage(input.language)}.`,
    'Answer with the content itself: no preamble, no notes about what you wrote.',
  ].join(' ');

  const lines = [`Write ${describeTemplate(input.template)}, about ${words} words long.`];
  if (input.name?.trim()) lines.push(`Title or working name: ${oneLine(input.name)}`);
  if (input.summary?.trim()) lines.push(`What it is about: ${input.summary.trim()}`);
  const sections = (input.sections ?? []).map(oneLine).filter(Boolean);
  if (sections.length > 0) {
    lines.push('Use these sections, in this order:', ...sections.map((s) => `- ${s}`));
  }
  if (input.tone?.trim()) lines.push(`Tone: ${oneLine(input.tone)}.`);
  if (input.styleguide?.trim()) lines.push(`Follow this style guide:\n${input.styleguide.trim()}`);
  const terms = input.terms.slice(0, MAX_PROMPT_TERMS);
  if (terms.length > 0) {
    lines.push(
      'Use these terms exactly as written: source -> target',
      ...terms.map((t) => `- ${oneLine(t.source)} -> ${oneLine(t.target)}`),
    );
  }
  return { system, prompt: lines.join('\n'), maxTokens: maxTokensFor(words) };
}
