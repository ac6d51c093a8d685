import type { TextEncoding } from './encoding';
import { decodeText } from './encoding';
import { DocumentFormatError } from './errors';
import { escapeSegmentText } from './inline-codes';
import { splitLines, parsePo } from './po-parse';
import type { PoEntry } from './po-parse';
import { pluralFormsFor } from './po-plural';
import type { PluralForms } from './po-plural';
import type { ExtractedDocument, ExtractedSegment, LanguagePair } from './types';

/** Where merge edits a PO entry. */
export interface PoSkeletonEntry {
  /** Segment of msgid, and of msgid_plural for plural entries. */
  segs: [number] | [number, number];
  msgstrLines: [number, number];
  flagLines: number[];
  previousLines: number[];
  isFuzzy: boolean;
  isWrapped: boolean;
  /** Existing msgstr values, and the targets extracted from them (canonical). */
  msgstr: string[];
  existing: Array<string | null>;
}

export interface PoSkeleton {
  format: 'po';
  version: 1;
  encoding: TextEncoding;
  eol: '\n' | '\r\n';
  segmentCount: number;
  lines: string[];
  entries: PoSkeletonEntry[];
  plural: PluralForms;
  /** The header's msgstr lines and value, when there is a header entry. */
  header: { lines: [number, number]; value: string; isWrapped: boolean } | null;
  /** A legacy charset declared in the header; the merge writes UTF-8 and says so. */
  legacyCharset: string | null;
}

/**
 * gettext PO/POT. Each entry's msgid is a segment; a plural entry gives two segments, msgid and
 * msgid_plural. On merge, the msgid_plural target fills every plural form except the one used for
 * n = 1 (found by evaluating the header's Plural-Forms; without one, the target language's usual
 * forms, else two), which gets the msgid target; with a single form, the plural target. Comments
 * become the note; the key is msgctxt + U+0004 + msgid (gettext's own); the header entry and
 * obsolete (`#~`) entries are not segments.
 */
export function extractPo(bytes: Uint8Array, options: LanguagePair): ExtractedDocument {
  const { text, encoding, legacyCharset } = decodePo(bytes);
  const lines = splitLines(text);
  const parsed = parsePo(lines);
  const headerEntry = parsed.find((e) => !e.isObsolete && e.msgid === '' && e.msgctxt === null);
  const headerValue = headerEntry?.msgstr[0] ?? null;
  const plural = pluralFormsFor(headerValue, options.trglang);
  const segments: ExtractedSegment[] = [];
  const entries: PoSkeletonEntry[] = [];
  for (const entry of parsed) {
    if (entry.isObsolete || entry === headerEntry || entry.msgid === null) continue;
    entries.push(addEntry(entry, plural, segments));
  }
  const language = /^Language:[ \t]*(\S+)/im.exec(headerValue ?? '')?.[1] ?? null;
  const skeleton: PoSkeleton = {
    format: 'po',
    version: 1,
    encoding,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    segmentCount: segments.length,
    lines,
    entries,
    plural,
    header: headerEntry
      ? {
          lines: headerEntry.msgstrLines!,
          value: headerValue ?? '',
          isWrapped: headerEntry.msgstrLines![1] - headerEntry.msgstrLines![0] > 1,
        }
      : null,
    legacyCharset,
  };
  return { format: 'po', srclang: null, trglang: language, segments, skeleton };
}

function decodePo(bytes: Uint8Array): {
  text: string;
  encoding: TextEncoding;
  legacyCharset: string | null;
} {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const charset = /charset=([A-Za-z0-9_.:-]+)/.exec(head)?.[1];
  const isUtf8 = !charset || /^(utf-?8|charset|us-ascii|ascii)$/i.test(charset);
  if (isUtf8 || bytes[0] === 0xef || bytes[0] === 0xff || bytes[0] === 0xfe) {
    return { ...decodeText(bytes, 'PO'), legacyCharset: null };
  }
  try {
    const text = new TextDecoder(charset, { fatal: true }).decode(bytes);
    return { text, encoding: 'utf-8', legacyCharset: charset };
  } catch {
    throw new DocumentFormatError(
      `PO: the charset "${charset}" is not supported or does not match the bytes; save the file as UTF-8`,
    );
  }
}

function addEntry(entry: PoEntry, plural: PluralForms, segments: ExtractedSegment[]) {
  const msgid = entry.msgid!;
  const key = entry.msgctxt === null ? msgid : `${entry.msgctxt}\u0004${msgid}`;
  const isFuzzy = entry.flags.includes('fuzzy');
  const note = noteOf(entry);
  const existingAt = (i: number) => {
    const v = entry.msgstr[i];
    return v ? escapeSegmentText(v) : null;
  };
  const push = (
    source: string,
    target: string | null,
    contextKey: string,
    extra: string | null,
  ) => {
    const segment: ExtractedSegment = {
      index: segments.length,
      source: escapeSegmentText(source),
      target,
      contextKey,
      note: [note, extra].filter(Boolean).join('\n') || null,
    };
    if (isFuzzy && target !== null) segment.isFuzzy = true;
    segments.push(segment);
    return segment.index;
  };
  let segs: PoSkeletonEntry['segs'];
  let existing: Array<string | null>;
  if (entry.msgidPlural === null) {
    existing = [existingAt(0)];
    segs = [push(msgid, existing[0]!, key, null)];
  } else {
    const one = plural.nplurals === 1 ? 0 : plural.singularIndex;
    const other = plural.nplurals === 1 ? 0 : plural.singularIndex === 0 ? 1 : 0;
    existing = [existingAt(one), existingAt(other)];
    const singular = push(msgid, existing[0]!, key, `Singular (plural: ${entry.msgidPlural})`);
    const pluralSeg = push(
      entry.msgidPlural,
      existing[1]!,
      `${key}\u0004[plural]`,
      `Plural of: ${msgid}`,
    );
    segs = [singular, pluralSeg];
  }
  return {
    segs,
    msgstrLines: entry.msgstrLines!,
    flagLines: entry.flagLines,
    previousLines: entry.previousLines,
    isFuzzy,
    isWrapped: entry.isMsgidWrapped,
    msgstr: entry.msgstr,
    existing,
  };
}

function noteOf(entry: PoEntry): string | null {
  const lines = [...entry.extractedComments, ...entry.translatorComments];
  if (entry.msgctxt !== null) lines.push(`Context: ${entry.msgctxt}`);
  if (entry.references.length > 0) lines.push(`References: ${entry.references.join(' ')}`);
  const flags = entry.flags.filter((f) => f !== 'fuzzy');
  if (flags.length > 0) lines.push(`Flags: ${flags.join(', ')}`);
  return lines.length > 0 ? lines.join('\n') : null;
}
