import { csvField } from '../../../shared/csv';
import type { TextEncoding } from './encoding';
import { decodeText, encodeText } from './encoding';
import { DocumentFormatError, positionAt } from './errors';
import type { DocumentFilter } from './filter';
import { escapeSegmentText, segmentToPlainText } from './inline-codes';
import type { ExtractedSegment } from './types';

export interface CsvSkeleton {
  format: 'csv';
  version: 1;
  encoding: TextEncoding;
  text: string;
  delimiter: string;
  segmentCount: number;
  spans: Array<{ seg: number; start: number; end: number }>;
}

interface Field {
  value: string;
  start: number;
  end: number;
}

/** Headers of columns that name or describe a string rather than hold it. */
const KEY_LIKE =
  /^(ids?|keys?|name|context|ctx|comments?|notes?|description|code|identifier|string[ _-]?id|developer[ _-]?comments?)$/i;

/**
 * Fields with their offsets. The project's RFC 4180 reader (shared/csv.ts) gives values only and
 * a merge needs each field's place, so the filter scans with one sticky pattern per field: a
 * quoted field (doubled quotes inside) or an unquoted one, then a delimiter or a line end.
 */
function readRows(text: string, delimiter: string): Field[][] {
  const d = delimiter === '\t' ? '\\t' : delimiter;
  const field = new RegExp(`"((?:[^"]|"")*)"|([^"${d}\\r\\n]*)`, 'y');
  const rows: Field[][] = [];
  let row: Field[] = [];
  let at = 0;
  while (at < text.length) {
    field.lastIndex = at;
    const m = field.exec(text)!;
    const value = m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!;
    row.push({ value, start: at, end: at + m[0].length });
    at += m[0].length;
    const next = text[at];
    if (next === delimiter) at += 1;
    else if (next === '\r' || next === '\n' || next === undefined) {
      at += text.startsWith('\r\n', at) ? 2 : next === undefined ? 0 : 1;
      rows.push(row);
      row = [];
    } else {
      throw new DocumentFormatError(
        'CSV: a quote inside an unquoted field, or a quoted field that never ends',
        positionAt(text, at),
      );
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** The columns to translate: those asked for, else text columns that are not keys or notes. */
function chosenColumns(header: Field[], rows: Field[][], asked: string[] | undefined): number[] {
  if (asked && asked.length > 0) {
    return header
      .map((h, i) => (asked.includes(h.value) || asked.includes(String(i + 1)) ? i : -1))
      .filter((i) => i >= 0);
  }
  return header
    .map((h, i) => {
      if (KEY_LIKE.test(h.value.trim())) return -1;
      const values = rows.map((r) => r[i]?.value.trim() ?? '').filter(Boolean);
      const wordy = values.filter(
        (v) => (/\p{L}/u.test(v) && !/^[\w.-]+$/.test(v)) || /\s/.test(v),
      );
      return values.length > 0 && wordy.length * 2 >= values.length ? i : -1;
    })
    .filter((i) => i >= 0);
}

/**
 * CSV: the first row names the columns and is never translated; each non-blank field of the
 * chosen columns is a segment, kept whole, its row's first field and the column name the context.
 * Columns: `csvColumns` (names or 1-based numbers) when given, else every column that is not
 * key-like (id, key, name, context, comment, note, description) and mostly holds words. The
 * delimiter (`,`, `;` or tab) is the header's most frequent. Merge quotes a target when needed.
 */
export const csvFilter: DocumentFilter<CsvSkeleton> = {
  format: 'csv',
  extensions: ['csv'],
  extract(bytes, options) {
    const { text, encoding } = decodeText(bytes, 'CSV');
    const head = text.slice(0, text.search(/\r?\n|$/));
    const delimiter = [',', ';', '\t'].sort(
      (a, b) => head.split(b).length - head.split(a).length,
    )[0]!;
    const [header = [], ...rows] = readRows(text, delimiter);
    const columns = chosenColumns(header, rows, options.csvColumns);
    const segments: ExtractedSegment[] = [];
    const spans: CsvSkeleton['spans'] = [];
    for (const row of rows) {
      for (const column of columns) {
        const cell = row[column];
        if (!cell || !/[\p{L}\p{N}]/u.test(cell.value)) continue;
        const key = `${row[0]?.value ?? ''}/${header[column]?.value ?? column + 1}`;
        const seg = segments.length;
        segments.push({
          index: seg,
          source: escapeSegmentText(cell.value),
          target: null,
          contextKey: key,
          note: key,
        });
        spans.push({ seg, start: cell.start, end: cell.end });
      }
    }
    const skeleton: CsvSkeleton = {
      ...{ format: 'csv', version: 1, encoding, text, delimiter, segmentCount: segments.length },
      spans,
    };
    return { format: 'csv', srclang: null, trglang: null, segments, skeleton };
  },
  merge(skeleton, targets) {
    let out = '';
    let at = 0;
    for (const span of skeleton.spans) {
      const target = targets[span.seg];
      if (target == null) continue;
      const value = segmentToPlainText(target);
      const field = /^\s|\s$/.test(value)
        ? `"${value.replace(/"/g, '""')}"`
        : csvField(value, skeleton.delimiter);
      out += skeleton.text.slice(at, span.start) + field;
      at = span.end;
    }
    return encodeText(out + skeleton.text.slice(at), skeleton.encoding);
  },
};
