// The units of a String Catalog entry's localization, found and made by their path.

export interface StringUnit {
  state?: string;
  value?: string;
}
/** A localization, a variation case or a substitution: all may hold a unit and nest further. */
export interface Localization {
  stringUnit?: StringUnit;
  variations?: Record<string, Record<string, Localization>>;
  substitutions?: Record<string, Localization & { argNum?: number; formatSpecifier?: string }>;
}
type Node = Localization & Record<string, unknown>;

/** The nodes of a path: each `[container, kind?, name]` step down from `loc`. */
function steps(path: string[]): string[][] {
  // Old skeletons: `[kind, name]` for one level of variations.
  if (path.length === 2 && path[0] !== 'substitutions') return [['variations', path[0]!, path[1]!]];
  const out: string[][] = [];
  for (let i = 0; i < path.length;) {
    const step = path[i] === 'variations' ? path.slice(i, i + 3) : path.slice(i, i + 2);
    out.push(step);
    i += step.length;
  }
  return out;
}

export function nodeAt(loc: Localization | undefined, path: string[]): Localization | undefined {
  let node = loc as Node | undefined;
  for (const step of steps(path)) {
    node = step.reduce<Node | undefined>((n, name) => n?.[name] as Node | undefined, node);
  }
  return node;
}

/** Every unit under `loc`, with its path: its own, its substitutions', its variations'. */
export function unitsOf(
  loc: Localization,
  path: string[],
  out: Array<[string[], StringUnit]>,
): void {
  if (loc.stringUnit) out.push([path, loc.stringUnit]);
  for (const [name, sub] of Object.entries(loc.substitutions ?? {}))
    unitsOf(sub, [...path, 'substitutions', name], out);
  for (const [kind, cases] of Object.entries(loc.variations ?? {}))
    for (const [name, sub] of Object.entries(cases))
      unitsOf(sub, [...path, 'variations', kind, name], out);
}

/**
 * The node at `path` in `target`, made where missing; a substitution made new takes the
 * source's argument number and format specifier.
 */
export function ensure(
  target: Localization,
  source: Localization | undefined,
  path: string[],
): Node {
  let node = target as Node;
  let from = source as Node | undefined;
  for (const step of steps(path)) {
    for (const name of step) {
      const next = from?.[name] as Node | undefined;
      if (node[name] === undefined) {
        const made: Node = {};
        if (step[0] === 'substitutions' && name === step[1] && next) {
          if (next.argNum !== undefined) made.argNum = next.argNum;
          if (next.formatSpecifier !== undefined) made.formatSpecifier = next.formatSpecifier;
        }
        node[name] = made;
      }
      node = node[name] as Node;
      from = next;
    }
  }
  return node;
}
