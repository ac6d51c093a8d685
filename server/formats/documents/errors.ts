/** Where in a file something went wrong: 1-based line and column. */
export interface FilePosition {
  line: number;
  column: number;
}

/** A file that cannot be read (or rebuilt) as the format it claims to be. Says what and where. */
export class DocumentFormatError extends Error {
  readonly line: number | null;
  readonly column: number | null;

  constructor(message: string, where?: FilePosition) {
    super(where ? `${message} (line ${where.line}, column ${where.column})` : message);
    this.name = 'DocumentFormatError';
    this.line = where?.line ?? null;
    this.column = where?.column ?? null;
  }
}

/** The 1-based line and column (in UTF-16 code units) of `offset` in `text`. */
export function positionAt(text: string, offset: number): FilePosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
}

/** A file that would cost more than a document may (see DOCUMENT_LIMITS): answered 413. */
export class DocumentLimitError extends DocumentFormatError {
  constructor(message: string, where?: FilePosition) {
    super(message, where);
    this.name = 'DocumentLimitError';
  }
}
