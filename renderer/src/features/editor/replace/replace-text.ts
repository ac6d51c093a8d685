import { findCodeSpans } from '../../../../../shared/inline-codes';

/**
 * Replacing the search's hits in one target, pure. Inline codes are never touched: a hit that
 * overlaps one (cuts through it, swallows it, or lies inside it) is left as it is and counted.
 */

/** A stretch of the target: kept as it was, or one hit with what replaces it. */
export type ReplacePiece = string | { removed: string; inserted: string };

export interface TargetReplacement {
  /** The target with the hits replaced. */
  after: string;
  /** The target as kept stretches and changes, for the preview. */
  pieces: ReplacePiece[];
  /** Hits replaced. */
  replaced: number;
  /** Hits left because they touch an inline code. */
  skipped: number;
}

/** `[start, end)` of each inline code in `text`, as every part of the app reads codes. */
export function codeSpans(text: string): [number, number][] {
  return findCodeSpans(text).map(({ start, end }) => [start, end]);
}

/**
 * What `$…` in a regex replacement stands for, as `String.prototype.replace` reads it: `$1`…`$99`
 * (a group the pattern has), `$<name>`, `$&` (the hit), `` $` `` and `$'` (before and after it),
 * `$$` (a dollar). Anything else stays as typed.
 */
export function expandReplacement(template: string, match: RegExpExecArray): string {
  const text = match.input;
  const groups = match.length - 1;
  return template.replace(
    /\$(\$|&|`|'|<([^>]*)>|(\d\d?))/g,
    (token, kind: string, name?: string, digits?: string) => {
      if (kind === '$') return '$';
      if (kind === '&') return match[0];
      if (kind === '`') return text.slice(0, match.index);
      if (kind === "'") return text.slice(match.index + match[0].length);
      if (name !== undefined) {
        return match.groups ? (match.groups[name] ?? '') : token;
      }
      if (digits === undefined) return token;
      // `$12` is group 12 when there is one, else group 1 followed by "2".
      const two = Number(digits);
      if (digits.length === 2 && two >= 1 && two <= groups) return match[two] ?? '';
      const one = Number(digits[0]);
      if (one >= 1 && one <= groups) return (match[one] ?? '') + digits.slice(1);
      return token;
    },
  );
}

/**
 * The hits of `pattern` in `target` replaced by `replacement` (with `$1` groups when `isRegex`;
 * literally otherwise). Empty hits are not replaced, as the find bar shows none.
 */
export function replaceInTarget(
  target: string,
  pattern: RegExp,
  replacement: string,
  isRegex: boolean,
): TargetReplacement {
  // Found only once a hit needs them: most targets have none.
  let codes: [number, number][] | null = null;
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  const pieces: ReplacePiece[] = [];
  let after = '';
  let at = 0;
  let replaced = 0;
  let skipped = 0;
  for (let match = global.exec(target); match; match = global.exec(target)) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) {
      // Step over an empty hit, past a whole surrogate pair.
      global.lastIndex = end + ((target.codePointAt(end) ?? 0) > 0xffff ? 2 : 1);
      continue;
    }
    codes ??= codeSpans(target);
    if (codes.some(([from, to]) => start < to && end > from)) {
      skipped += 1;
      continue;
    }
    const inserted = isRegex ? expandReplacement(replacement, match) : replacement;
    if (start > at) pieces.push(target.slice(at, start));
    pieces.push({ removed: match[0], inserted });
    after += target.slice(at, start) + inserted;
    at = end;
    replaced += 1;
  }
  if (at < target.length) pieces.push(target.slice(at));
  return { after: after + target.slice(at), pieces, replaced, skipped };
}
