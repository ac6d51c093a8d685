import type { IncomingMessage } from 'node:http';
import { DOCUMENT_FORMATS, type DocumentFormat } from '../../shared/api/documents';
import {
  DocumentFormatError,
  DocumentLimitError,
  detectDocumentFormat,
  extractDocument,
  filterExtensions,
  type ExtractedDocument,
  type ExtractOptions,
} from '../formats/documents';
import { sameLanguage } from '../formats/languages';
import { HttpError, badRequest } from '../http/http-error';
import { checkDocumentCaps } from './document-caps';
import type { ProjectRef } from './document-queries';

/** The body is over the limit: the route answers 413. */
export class DocumentTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The document is larger than the limit of ${limit} bytes`);
  }
}

/**
 * The whole body, up to `limit` bytes. The filters read a document whole (and it is small next to
 * the 2 GiB files of `POST /v2/files`), so it is collected in memory rather than staged on disk.
 */
export async function readBody(body: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new DocumentTooLargeError(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** What an unsupported file's message lists. */
export function supportedFormats(): string {
  const others = filterExtensions();
  const base = 'plain text (.txt), XLIFF 1.2 and 2.0 (.xlf, .xliff), PO (.po, .pot), JSON (.json)';
  return others.length === 0 ? base : `${base}, ${others.join(', ')}`;
}

/**
 * Reads an uploaded document into segments for a project. Unsupported formats answer 415, a
 * file that cannot be read 400 with the filter's message (line and column), and an XLIFF or PO
 * that declares other languages than the project's 400 naming both (by primary subtag: `en-US`
 * is `en`). A file that declares no language is taken to be in the project's languages.
 * `onSegments` hears of segments as they are read (XLIFF; see ExtractOptions), before these checks.
 */
export function readDocument(
  name: string,
  bytes: Uint8Array,
  project: ProjectRef,
  onSegments?: ExtractOptions['onSegments'],
): ExtractedDocument & { format: DocumentFormat } {
  const format = detectDocumentFormat(name, bytes.subarray(0, 8192));
  if (format === null || !isEditorFormat(format)) {
    throw new HttpError(
      415,
      `${name}: unsupported document format; supported: ${supportedFormats()}`,
    );
  }
  let document: ExtractedDocument;
  try {
    document = extractDocument(format, bytes, {
      srclang: project.srclang,
      trglang: project.trglang,
      onSegments,
    });
  } catch (error) {
    if (error instanceof DocumentLimitError) throw new HttpError(413, `${name}: ${error.message}`);
    if (error instanceof DocumentFormatError) throw badRequest(`${name}: ${error.message}`);
    throw error;
  }
  checkDocumentCaps(name, document);
  for (const side of ['srclang', 'trglang'] as const) {
    const declared = document[side];
    if (declared && !sameLanguage(declared, project[side])) {
      const what = side === 'srclang' ? 'source' : 'target';
      throw badRequest(
        `${name}: the file's ${what} language ${declared} is not the project's ${what} ` +
          `language ${project[side]}`,
      );
    }
  }
  return { ...document, format };
}

function isEditorFormat(format: string): format is DocumentFormat {
  return (DOCUMENT_FORMATS as readonly string[]).includes(format);
}
