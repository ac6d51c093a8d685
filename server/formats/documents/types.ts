import type { DocumentFormat } from '../../../shared/api/documents';

/** The document formats the filters read and write: one list, in shared/. */
export type { DocumentFormat };

/** One translatable segment of a document. */
export interface ExtractedSegment {
  /** Position in the document, 0-based, stable for merge. */
  index: number;
  /** Source text with inline codes in the canonical form (see inline-codes.ts). */
  source: string;
  /** Existing translation in the file (XLIFF target, PO msgstr), if any. */
  target: string | null;
  /**
   * The segment's key for TM 101 (context) matches: JSON key path, PO msgctxt + U+0004 + msgid,
   * XLIFF 1.2 resname or id, XLIFF 2 unit name or id. The previous and next sources are the
   * neighbours in `segments`. Null for plain text.
   */
  contextKey: string | null;
  /** Anything the editor should show: PO comments, XLIFF notes, JSON key. */
  note: string | null;
  /**
   * The existing target is marked as not final in the file (PO `fuzzy`, XLIFF 1.2 `needs-*`,
   * XLIFF 2 `initial`). Absent when false.
   */
  isFuzzy?: boolean;
}

/** A document read by a filter: its segments and what is needed to write it back. */
export interface ExtractedDocument {
  format: DocumentFormat;
  /** Languages declared by the file (XLIFF; PO's `Language` as trglang); null when it says none. */
  srclang: string | null;
  trglang: string | null;
  segments: ExtractedSegment[];
  /** Everything needed to rebuild the file with targets: plain JSON, for storage. */
  skeleton: unknown;
}

export interface LanguagePair {
  srclang: string;
  trglang: string;
}

/** Options of an extraction beyond the language pair. */
export interface ExtractOptions extends LanguagePair {
  /** CSV: the header names (or 1-based column numbers) of the columns to translate. */
  csvColumns?: string[];
  /**
   * Told as segments are read, with all read so far (the same array, growing; a segment once told
   * never changes), by the filters that take a document unit by unit in one pass (XLIFF), so that
   * work on the first segments can start while the rest is parsed. Others tell nothing.
   */
  onSegments?: (segments: readonly ExtractedSegment[]) => void;
}
