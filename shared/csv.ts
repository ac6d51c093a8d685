/**
 * An incremental RFC 4180 reader: feed text in pieces, get complete rows back. Quoted fields may
 * hold the delimiter, doubled quotes and line breaks; CRLF and LF both end rows. Used by the
 * server's CSV/TSV imports (streamed) and the desktop's termbase view.
 */
export class CsvReader {
  private row: string[] = [];
  private field = '';
  private isQuoted = false;
  private isAfterQuote = false;
  private isFieldStart = true;
  private pendingCr = false;

  constructor(private readonly delimiter = ',') {}

  /** Reads a piece of text; returns the rows it completed. */
  push(text: string): string[][] {
    const rows: string[][] = [];
    for (const char of text) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (char === '\n') continue;
      }
      if (this.isQuoted) {
        if (char === '"') {
          this.isQuoted = false;
          this.isAfterQuote = true;
        } else {
          this.field += char;
        }
        continue;
      }
      if (char === '"') {
        if (this.isFieldStart) {
          this.isQuoted = true;
        } else if (this.isAfterQuote) {
          // A doubled quote inside a quoted field.
          this.field += '"';
          this.isQuoted = true;
        } else {
          this.field += char;
        }
        this.isFieldStart = false;
        this.isAfterQuote = false;
        continue;
      }
      this.isAfterQuote = false;
      if (char === this.delimiter) {
        this.endField();
      } else if (char === '\n' || char === '\r') {
        this.pendingCr = char === '\r';
        this.endField();
        rows.push(this.row);
        this.row = [];
      } else {
        this.field += char;
        this.isFieldStart = false;
      }
    }
    return rows;
  }

  /** Ends the text; returns the last row if it had no line break after it. */
  end(): string[][] {
    if (this.isQuoted) throw new Error('The CSV ends inside a quoted field.');
    if (this.isFieldStart && this.row.length === 0 && this.field === '') return [];
    this.endField();
    const last = this.row;
    this.row = [];
    return [last];
  }

  private endField(): void {
    this.row.push(this.field);
    this.field = '';
    this.isFieldStart = true;
    this.isAfterQuote = false;
  }
}

/** Reads a whole CSV text at once. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const reader = new CsvReader(delimiter);
  return [...reader.push(text), ...reader.end()];
}

/** Quotes a field when it needs it, for writing CSV. */
export function csvField(value: string, delimiter = ','): string {
  return /["\r\n]/.test(value) || value.includes(delimiter)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}
