import type { DocumentFormat, ExtractedDocument, ExtractOptions, LanguagePair } from './types';

/** What every skeleton carries, so a merge can check it was given the right one. */
export interface SkeletonBase {
  format: DocumentFormat;
  version: number;
  segmentCount: number;
}

/**
 * One format's filter: it reads a file into segments (canonical inline codes, inline-codes.ts)
 * plus a plain-JSON skeleton, and writes the file back with targets merged in. A null target
 * leaves the segment as the file has it; with all targets null the original bytes come back (a
 * filter that cannot promise that says why in its comment and its tests check semantic identity).
 * Extraction throws DocumentFormatError (with line and column when known) for a file it cannot
 * read, DocumentLimitError for one over a limit (zip bombs, huge entries).
 */
export interface DocumentFilter<S extends SkeletonBase = SkeletonBase> {
  format: DocumentFormat;
  /** Lower-case file extensions without the dot, such as `docx`. */
  extensions: readonly string[];
  /**
   * For an extension several filters share (`.xml`, `.txt`) or none: whether the file's first
   * bytes (decoded as text) and its name are this format's. Called only when the extension does
   * not decide.
   */
  sniff?(head: string, name: string): boolean;
  extract(bytes: Uint8Array, options: ExtractOptions): ExtractedDocument;
  merge(skeleton: S, targets: Array<string | null>, options: LanguagePair): Uint8Array;
}
