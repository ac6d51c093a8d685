/** How a JSON file was written, so a rewritten one looks the same (Xcode's or JSON.stringify's). */
export interface JsonStyle {
  indent: string;
  /** `" : "` (Xcode) or `": "`. */
  colon: string;
  /** An empty object: Xcode writes `{` and `}` with a blank line between. */
  emptyObject: 'blank-line' | 'compact';
  /** `\/` for `/` (Foundation's JSON writer does this). */
  escapeSlash: boolean;
  finalNewline: boolean;
}

export function detectStyle(text: string): JsonStyle {
  const colon = /"\s:\s/.test(text) ? ' : ' : ': ';
  const blank = /\{\r?\n\r?\n\s*\}/.test(text);
  const compact = /\{\s?\}/.test(text);
  return {
    indent: /\n([ \t]+)"/.exec(text)?.[1] ?? '  ',
    colon,
    // No empty object in the file: Xcode's style when it looks like Xcode's file.
    emptyObject: blank || (!compact && colon === ' : ') ? 'blank-line' : 'compact',
    escapeSlash: text.includes('\\/'),
    finalNewline: text.endsWith('\n'),
  };
}

/** `value` as JSON in `style`, pretty-printed one member a line. */
export function stringifyLike(value: unknown, style: JsonStyle): string {
  const str = (s: string) => {
    const json = JSON.stringify(s);
    return style.escapeSlash ? json.replace(/\//g, '\\/') : json;
  };
  const write = (v: unknown, depth: number): string => {
    const pad = style.indent.repeat(depth);
    const inner = style.indent.repeat(depth + 1);
    if (typeof v === 'string') return str(v);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[\n${v.map((item) => inner + write(item, depth + 1)).join(',\n')}\n${pad}]`;
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v).filter(([, item]) => item !== undefined);
      if (entries.length === 0) return style.emptyObject === 'blank-line' ? `{\n\n${pad}}` : '{}';
      const members = entries.map(
        ([k, item]) => `${inner}${str(k)}${style.colon}${write(item, depth + 1)}`,
      );
      return `{\n${members.join(',\n')}\n${pad}}`;
    }
    return JSON.stringify(v) ?? 'null';
  };
  return write(value, 0) + (style.finalNewline ? '\n' : '');
}
