import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { LiltCreateContent } from '../../../shared/api/create';
import type { DocumentWithSegments } from '../../../shared/api/documents';
import type { Handlers } from './validated';

// Headings, lists, quotes, emphasis or links: the text is Markdown and keeps its structure as .md.
const MARKDOWN_SIGNS = /^(#{1,6} |[-*+] |\d+\. |> )|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\)/m;

/** The document a content becomes: its name, and .md when its text is Markdown, else .txt. */
export function contentDocumentName(content: LiltCreateContent): string {
  const base =
    (content.name || `${content.template} ${content.id}`)
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 200) || `content-${content.id}`;
  return `${base}.${MARKDOWN_SIGNS.test(content.text) ? 'md' : 'txt'}`;
}

/**
 * Sends a content's text through the document upload channel's own handler, as the bytes of a
 * file: the page never holds a path, and in the desktop app a text made in memory has none.
 */
export function contentToDocument(
  uploadDocument: Handlers['documents:upload'],
  content: LiltCreateContent,
  projectId: number,
): Promise<DocumentWithSegments> {
  const bytes = Buffer.from(content.text, 'utf8');
  return uploadDocument(
    {
      uploadId: randomBytes(16).toString('hex'),
      project_id: projectId,
      name: contentDocumentName(content),
      size: bytes.length,
    },
    { body: Readable.from([bytes]) },
  );
}
