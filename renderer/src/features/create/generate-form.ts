import type { LiltCreateContentRequest } from '../../../../shared/api/create';
import { CONTENT_LENGTH_MAX } from '../../../../shared/api/create';

/** The templates offered; the server takes any name, these are the ones Lilt Create names. */
export const TEMPLATES = [
  { id: 'blog-post', label: 'Blog post' },
  { id: 'product-description', label: 'Product description' },
  { id: 'email', label: 'Email' },
  { id: 'social-media-post', label: 'Social media post' },
] as const;

export interface GenerateDraft {
  name: string;
  template: string;
  language: string;
  /** Words, as typed. */
  contentLength: string;
  /** One section heading per line. */
  sections: string;
  summary: string;
  memoryId: number | null;
  tone: string;
  styleguide: string;
}

export const EMPTY_DRAFT: GenerateDraft = {
  name: '',
  template: TEMPLATES[0].id,
  language: 'en',
  contentLength: '150',
  sections: '',
  summary: '',
  memoryId: null,
  tone: '',
  styleguide: '',
};

/** What is wrong with the draft, in words, or null when it can be sent. */
export function draftProblem(draft: GenerateDraft): string | null {
  if (!draft.language) return 'Choose the language to write in.';
  if (!draft.template.trim()) return 'Choose a template.';
  const length = Number(draft.contentLength);
  if (
    draft.contentLength.trim() &&
    (!Number.isInteger(length) || length < 1 || length > CONTENT_LENGTH_MAX)
  ) {
    return `The length is a number of words from 1 to ${CONTENT_LENGTH_MAX.toLocaleString()}.`;
  }
  return null;
}

/** The request `POST /v2/create` takes, from the draft (empty fields left out). */
export function requestOfDraft(draft: GenerateDraft): LiltCreateContentRequest {
  const sections = draft.sections
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const preferences = {
    ...(draft.tone.trim() ? { tone: draft.tone.trim() } : {}),
    ...(draft.styleguide.trim() ? { styleguide: draft.styleguide.trim() } : {}),
  };
  return {
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    language: draft.language,
    template: draft.template,
    templateParams: {
      language: draft.language,
      ...(draft.contentLength.trim() ? { contentLength: Number(draft.contentLength) } : {}),
      ...(sections.length > 0 ? { sections } : {}),
      ...(draft.summary.trim() ? { summary: draft.summary.trim() } : {}),
      ...(draft.memoryId === null ? {} : { memoryId: draft.memoryId }),
    },
    ...(Object.keys(preferences).length > 0 ? { preferences } : {}),
  };
}
