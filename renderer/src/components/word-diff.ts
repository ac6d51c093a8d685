import { findCodeSpans } from '../../../shared/inline-codes';

/**
 * A word-level diff between a translation memory match's source and the sentence being
 * translated: what would have to change in the match to make it the query. Pure and DOM-free, so
 * the editor can use it too (the Memories search and the editor's match panel share it).
 */
export type DiffOp = 'equal' | 'delete' | 'insert';

/** A run of tokens. Whitespace before a token travels with it, so the text reads as written. */
export interface DiffPart {
  op: DiffOp;
  text: string;
}

interface Token {
  /** The token with the whitespace before it. */
  text: string;
  /** What is compared: the token without that whitespace. */
  core: string;
}

// Between inline codes (shared/inline-codes.ts, one token each): words (letters, marks, digits,
// inner apostrophes) and any other single character (punctuation), each with the spaces before it.
const TOKEN = /(\s*)([\p{L}\p{M}\p{N}_]+(?:['’][\p{L}\p{M}\p{N}_]+)*|\S)/gu;

/** Above this many compared pairs the middle is shown as replaced: a diff must never stall a row. */
const MAX_CELLS = 4_000_000;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // Whitespace not yet given to a token: it goes with the next one.
  let pending = '';
  const addWords = (chunk: string) => {
    let end = 0;
    for (const match of chunk.matchAll(TOKEN)) {
      tokens.push({ text: pending + match[0], core: match[2] ?? '' });
      pending = '';
      end = match.index + match[0].length;
    }
    pending += chunk.slice(end);
  };
  let at = 0;
  for (const { start, end } of findCodeSpans(text)) {
    addWords(text.slice(at, start));
    const code = text.slice(start, end);
    tokens.push({ text: pending + code, core: code });
    pending = '';
    at = end;
  }
  addWords(text.slice(at));
  // Trailing whitespace stays with the last token, so no character of the text is lost.
  const last = tokens.at(-1);
  if (last) last.text += pending;
  return tokens;
}

/** Longest common subsequence of two token runs, as the ops that turn `a` into `b`. */
function lcsOps(a: readonly Token[], b: readonly Token[]): { op: DiffOp; token: Token }[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [
      ...a.map((token) => ({ op: 'delete' as const, token })),
      ...b.map((token) => ({ op: 'insert' as const, token })),
    ];
  }
  // lengths[i * (m + 1) + j]: the LCS of a[i..] and b[j..].
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i]?.core === b[j]?.core
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const ops: { op: DiffOp; token: Token }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const left = a[i] as Token;
    const right = b[j] as Token;
    if (left.core === right.core) {
      ops.push({ op: 'equal', token: left });
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      ops.push({ op: 'delete', token: left });
      i += 1;
    } else {
      ops.push({ op: 'insert', token: right });
      j += 1;
    }
  }
  for (; i < n; i += 1) ops.push({ op: 'delete', token: a[i] as Token });
  for (; j < m; j += 1) ops.push({ op: 'insert', token: b[j] as Token });
  return ops;
}

/** Within each changed stretch, every deletion comes before the insertions: it reads better. */
function groupChanges(ops: { op: DiffOp; token: Token }[]): { op: DiffOp; token: Token }[] {
  const grouped: { op: DiffOp; token: Token }[] = [];
  let deletes: { op: DiffOp; token: Token }[] = [];
  let inserts: { op: DiffOp; token: Token }[] = [];
  const flush = () => {
    grouped.push(...deletes, ...inserts);
    deletes = [];
    inserts = [];
  };
  for (const item of ops) {
    if (item.op === 'equal') {
      flush();
      grouped.push(item);
    } else if (item.op === 'delete') deletes.push(item);
    else inserts.push(item);
  }
  flush();
  return grouped;
}

/**
 * The diff from `from` (the match's source) to `to` (the query), word by word. Equal and deleted
 * parts are `from`'s own text, so together they spell it exactly; inserted parts are `to`'s.
 * Case counts: `The` and `the` differ, since the translation may have to change with it.
 */
export function diffWords(from: string, to: string): DiffPart[] {
  const a = tokenize(from);
  const b = tokenize(to);
  // Common ends cost nothing to find and shrink the table a lot for near matches.
  let start = 0;
  while (start < a.length && start < b.length && a[start]?.core === b[start]?.core) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1]?.core === b[endB - 1]?.core) {
    endA -= 1;
    endB -= 1;
  }
  const ops = [
    ...a.slice(0, start).map((token) => ({ op: 'equal' as const, token })),
    ...groupChanges(lcsOps(a.slice(start, endA), b.slice(start, endB))),
    ...a.slice(endA).map((token) => ({ op: 'equal' as const, token })),
  ];
  const parts: DiffPart[] = [];
  for (const { op, token } of ops) {
    const last = parts.at(-1);
    if (last?.op === op) last.text += token.text;
    else parts.push({ op, text: token.text });
  }
  return parts;
}

/** Whether the two texts differ in any token (whitespace alone does not count). */
export function hasChanges(parts: readonly DiffPart[]): boolean {
  return parts.some((part) => part.op !== 'equal');
}
