import { FormatError } from './text-decode';

/** What an import file is. */
export type ImportFormat = 'tmx' | 'xliff' | 'tbx' | 'csv' | 'tsv';

const BY_EXTENSION: Record<string, ImportFormat> = {
  tmx: 'tmx',
  xlf: 'xliff',
  xliff: 'xliff',
  sdlxliff: 'xliff',
  mqxliff: 'xliff',
  mxliff: 'xliff',
  tbx: 'tbx',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  txt: 'tsv',
};

const BY_ROOT: Record<string, ImportFormat> = {
  tmx: 'tmx',
  xliff: 'xliff',
  martif: 'tbx',
  tbx: 'tbx',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The head of a file as text, whatever its BOM (UTF-8 or UTF-16). */
function headText(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return head.subarray(2).toString('utf16le');
  if (head[0] === 0xfe && head[1] === 0xff) {
    return Buffer.from(head.subarray(2)).swap16().toString('utf16le');
  }
  if (head[0] === 0x3c && head[1] === 0x00) return head.toString('utf16le');
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  return head.subarray(start, head.length).toString('utf8');
}

/** The root element's name of an XML head, skipping the declaration, comments and a DOCTYPE. */
function rootName(text: string): string | null {
  const match =
    /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)*<([A-Za-z_][\w.:-]*)/.exec(
      text,
    );
  return match ? (match[1] ?? null) : null;
}

/**
 * The format of an import from its first bytes and its name. The content decides (an XLIFF
 * named `.xml`, a TMX named `.txt`); the name only tells CSV from TSV and the format of an
 * XML head too short to show its root. Files we cannot read are refused with what they look like.
 */
export function sniffFormat(head: Buffer, name: string): ImportFormat {
  const extension = extensionOf(name);
  if (head.length === 0) throw new FormatError('The file is empty');
  if (head.subarray(0, 16).toString('latin1') === 'SQLite format 3\u0000') {
    throw new FormatError(
      'The file is an SQLite database (a Trados .sdltm memory?), which cannot be imported: ' +
        'export it as TMX first',
    );
  }
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    throw new FormatError('The file is a ZIP archive: import the TMX, XLIFF, CSV or TBX inside it');
  }
  const text = headText(head);
  if (/^\s*</.test(text)) {
    const root = rootName(text);
    const local = root?.slice(root.indexOf(':') + 1);
    const format = local ? BY_ROOT[local] : undefined;
    if (format) return format;
    if (root) {
      throw new FormatError(
        `The file is XML with the root element <${root}>: not TMX, XLIFF or TBX`,
      );
    }
    const byName = BY_EXTENSION[extension];
    if (byName === 'tmx' || byName === 'xliff' || byName === 'tbx') return byName;
    throw new FormatError('The file starts like XML but its root element could not be found');
  }
  const byName = BY_EXTENSION[extension];
  if (byName === 'tmx' || byName === 'xliff' || byName === 'tbx') {
    throw new FormatError(`The file is named .${extension} but is not XML`);
  }
  if (text.includes('\u0000')) {
    throw new FormatError('The file is binary, not TMX, XLIFF, TBX, CSV or TSV');
  }
  return byName === 'tsv' ? 'tsv' : 'csv';
}

/** Whether a table's name says it is a termbase (`glossary.csv`, `memory-termbase.csv`). */
export function isTermsFileName(name: string): boolean {
  return /(^|[\s._-])(termbase|glossary|terms|terminology)\.(csv|tsv|txt)$/i.test(name);
}
