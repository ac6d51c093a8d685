import { filterExtensions, filterForFile } from './filters';
import type { DocumentFormat } from './types';

const BY_EXTENSION: Record<string, DocumentFormat | 'xliff'> = {
  txt: 'text',
  text: 'text',
  po: 'po',
  pot: 'po',
  json: 'json',
  xlf: 'xliff',
  xliff: 'xliff',
  sdlxliff: 'xliff',
  mqxliff: 'xliff',
};

/**
 * The document format of a file, from its name and first bytes (a few KB are enough): the
 * extension decides, and for XLIFF the root's `version` (or namespace) picks 1.2 or 2. Without a
 * known extension, an XLIFF root or a PO `msgid` in the head decides; a file without any extension
 * that reads as UTF-8 text is plain text. The other filters (filters.ts) are found by extension,
 * with a look at the head when several share one (`.xml`). Null otherwise.
 */
export function detectDocumentFormat(name: string, head: Uint8Array): DocumentFormat | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const text = headText(head);
  const known = ext === undefined ? undefined : BY_EXTENSION[ext];
  if (known === 'xliff') return xliffVersion(text) ?? 'xliff12';
  if (known) return known;
  // Binary formats (DOCX and other zips) are named by their extension alone.
  const filter = filterForFile(ext, text, name);
  if (filter) return filter.format;
  if (text === null) return null;
  const xliff = xliffVersion(text);
  if (xliff) return xliff;
  if (/^(?:\s*#[^\n]*\n|\s)*msg(?:ctxt|id)\s+"/.test(text)) return 'po';
  if (ext === undefined) return /^\s*[{[]/.test(text) && !text.includes('<') ? 'json' : 'text';
  return null;
}

function headText(head: Uint8Array): string | null {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head);
  if (head.includes(0)) return null;
  // The head may end inside a character: only a bad sequence before the last 3 bytes is binary.
  const text = new TextDecoder('utf-8').decode(head);
  const bad = text.indexOf('\ufffd');
  if (bad >= 0 && bad < text.length - 3) return null;
  return text.replace(/^\ufeff/, '');
}

function xliffVersion(text: string | null): 'xliff12' | 'xliff20' | null {
  if (text === null) return null;
  const root = /<(?:[\w.-]+:)?xliff\b[^>]*>/.exec(text)?.[0];
  if (!root) return null;
  if (/\bversion\s*=\s*["']2/.test(root) || /xliff:document:2\./.test(root)) return 'xliff20';
  return 'xliff12';
}

/** Every extension a filter reads (without the dot). */
export function documentExtensions(): string[] {
  const fromFilters = filterExtensions().map((extension) => extension.slice(1));
  return [...new Set([...Object.keys(BY_EXTENSION), ...fromFilters])];
}
