/**
 * The renderer's layout rules (the house STYLE.md, "Layout"; issue 14, "Rooms"), checked on
 * the source tree: a feature folder never imports another one (what two features share lives in
 * components/, hooks/ or queries/), and the folders below the features import none of them. Tests
 * are checked too: a test beside a feature's code belongs to that feature. The top-level modules
 * (App, AppShell, main) put the features together and may import anything.
 */
import { describe, expect, it } from 'vitest';

/** Below the features: shared components, hooks, queries, UI stores, the bridge, app routing. */
const BELOW_FEATURES = ['app', 'bridge', 'components', 'hooks', 'queries', 'stores'];
const FEATURES = 'features';
/** Stylesheets only: no module to check. */
const ASSETS = ['styles'];

// Every module's text by its path from here (`./features/board/Board.tsx`); Vite reads the tree.
const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const ASSET = /\.(css|svg|png|json)$/;

/** `./a/b/../c` -> `./a/c`; null for a path that leaves this folder (`../../shared/api/files`). */
function normalize(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..' && parts.length === 0) return null;
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return `./${parts.join('/')}`;
}

/** The module an import names (`./x` is `./x.ts`, `./x.tsx` or `./x/index.ts`), or 'unknown'. */
function resolveImport(from: string, spec: string): string | null | 'unknown' {
  const base = normalize(`${from.slice(0, from.lastIndexOf('/'))}/${spec}`);
  if (base === null || ASSET.test(base)) return base;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((path) => path in sources) ?? 'unknown';
}

/** `features/board` for a feature's module, `components` for a shared one, `.` at the top. */
function roomOf(path: string): string {
  const parts = path.split('/').slice(1, -1);
  if (parts.length === 0) return '.';
  return parts[0] === FEATURES ? parts.slice(0, 2).join('/') : parts[0]!;
}

interface Edge {
  from: string;
  to: string;
  shown: string;
}

/** Every relative import between folders of the renderer, and the ones that resolve nowhere. */
function importGraph(): { edges: Edge[]; unresolved: string[] } {
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const [file, text] of Object.entries(sources)) {
    for (const [, spec] of text.matchAll(IMPORT)) {
      const target = resolveImport(file, spec!);
      const shown = `${file.slice(2)} -> ${spec}`;
      // Outside the renderer's source (shared/): other layers, which ESLint guards.
      if (target === null) continue;
      if (target === 'unknown') unresolved.push(shown);
      else if (roomOf(target) !== roomOf(file)) {
        edges.push({ from: roomOf(file), to: roomOf(target), shown });
      }
    }
  }
  return { edges, unresolved };
}

const isFeature = (room: string) => room.startsWith(`${FEATURES}/`);

describe('renderer layout', () => {
  const { edges, unresolved } = importGraph();

  it('reads the whole tree and resolves every relative import in it', () => {
    expect(Object.keys(sources).some((path) => isFeature(roomOf(path)))).toBe(true);
    expect(unresolved).toEqual([]);
  });

  it('has no feature folder importing another one', () => {
    const wrong = edges.filter(({ from, to }) => isFeature(from) && isFeature(to));
    expect(wrong.map(({ shown }) => shown)).toEqual([]);
  });

  it('keeps shared folders below the features', () => {
    const wrong = edges.filter(({ from, to }) => BELOW_FEATURES.includes(from) && isFeature(to));
    expect(wrong.map(({ shown }) => shown)).toEqual([]);
  });

  it('knows every folder as a feature, a shared folder or assets', () => {
    const folders = new Set(Object.keys(sources).map((path) => roomOf(path).split('/')[0]!));
    const known = ['.', FEATURES, ...BELOW_FEATURES, ...ASSETS];
    expect([...folders].filter((folder) => !known.includes(folder))).toEqual([]);
  });
});
