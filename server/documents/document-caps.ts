import { DOCUMENT_LIMITS } from '../../shared/api/documents';
import type { ExtractedDocument } from '../formats/documents';
import { HttpError } from '../http/http-error';

type Limits = Record<keyof typeof DOCUMENT_LIMITS, number>;

const count = (n: number) => n.toLocaleString('en-US');

function over(name: string, what: string, size: number, limit: number, advice: string) {
  return new HttpError(
    413,
    `${name}: ${what} has ${count(size)} characters, more than the limit of ${count(limit)}; ${advice}`,
  );
}

/**
 * Refuses (413, naming the cap) a document that would cost more to store and answer than a
 * document may: too many segments, a segment too long, a key or note too long, or more keys and
 * notes in all than `metadataChars`. Checked before anything is written.
 */
export function checkDocumentCaps(
  name: string,
  document: ExtractedDocument,
  limits: Limits = DOCUMENT_LIMITS,
): void {
  const { segments } = document;
  if (segments.length > limits.segments) {
    throw new HttpError(
      413,
      `${name}: ${count(segments.length)} segments, more than the limit of ` +
        `${count(limits.segments)} per document; split the file`,
    );
  }
  let metadata = 0;
  for (const segment of segments) {
    const at = `segment ${segment.index + 1}`;
    if (segment.source.length > limits.segmentChars) {
      throw over(name, `${at}'s source`, segment.source.length, limits.segmentChars, 'split it');
    }
    const target = segment.target ?? '';
    if (target.length > limits.segmentChars) {
      throw over(name, `${at}'s target`, target.length, limits.segmentChars, 'split it');
    }
    const key = segment.contextKey ?? '';
    if (key.length > limits.contextKeyChars) {
      throw over(name, `${at}'s key`, key.length, limits.contextKeyChars, 'shorten it');
    }
    const note = segment.note ?? '';
    if (note.length > limits.noteChars) {
      throw over(name, `${at}'s note`, note.length, limits.noteChars, 'shorten it');
    }
    metadata += key.length + note.length;
    if (metadata > limits.metadataChars) {
      throw over(
        name,
        'the keys and notes of the document together',
        metadata,
        limits.metadataChars,
        'split the file',
      );
    }
  }
}

/** The limits in words, for the API's documentation. */
export function describeDocumentLimits(limits: Limits = DOCUMENT_LIMITS): string {
  const mib = (n: number) => `${n / (1024 * 1024)} MiB`;
  return (
    `${mib(limits.bytes)}, ${count(limits.segments)} segments, ${count(limits.segmentChars)} ` +
    `characters per source or target, ${count(limits.contextKeyChars)} per key, ` +
    `${count(limits.noteChars)} per note, ${count(limits.metadataChars)} characters of keys ` +
    'and notes in all'
  );
}
