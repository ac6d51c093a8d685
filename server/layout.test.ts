/**
 * The server's layout rules (../shared/ARCHITECTURE.md, "server/"), checked on the source tree:
 * one folder per API area above cross-cutting folders that import no area, and no import cycle
 * between folders. Tests and test support may import anything, so they are not counted.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './layout-test-support';

const SERVER = dirname(fileURLToPath(import.meta.url));

/** Below the areas: they import none of them, nor the app. */
const CROSS_CUTTING = [
  'blobs',
  'db',
  'formats',
  'http',
  'langid',
  'llm',
  'mt',
  'net',
  'tm',
  'work',
];
/** One folder per API area, each registered by its own plugin. */
const AREAS = [
  'comments',
  'create',
  'documents',
  'domains',
  'file-translation',
  'files',
  'health',
  'jobs',
  'languages',
  'memories',
  'projects',
  'segments',
  'translate',
  'uploads',
  'webhooks',
  'workflows',
];
/** Above everything: the command line and the tests of the whole API. */
const ON_TOP = ['api-tests', 'cli'];

/** `documents` for server/documents/x.ts, `.` for server/app.ts, null outside server/. */
function folderOf(path: string): string | null {
  const rel = relative(SERVER, path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split('/');
  return parts.length === 1 ? '.' : parts[0]!;
}

/** Folder -> the folders its sources import, each with one import that shows it. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SERVER)) {
    const from = folderOf(file)!;
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(file), spec!);
      // `../tm` is the folder's index.
      const isFolder = statSync(target, { throwIfNoEntry: false })?.isDirectory() ?? false;
      const to = folderOf(isFolder ? join(target, 'index.ts') : target);
      if (to === null || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(SERVER, file)} -> ${spec}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's folders, one list per strongly connected component (Tarjan). */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server layout', () => {
  const graph = folderGraph();

  it('has no import cycle between folders', () => {
    const shown = cycles(graph).map((component) =>
      component.flatMap((a) =>
        component.filter((b) => graph.get(a)?.has(b)).map((b) => graph.get(a)!.get(b)!),
      ),
    );
    expect(shown).toEqual([]);
  });

  it('keeps cross-cutting folders below the areas and the app', () => {
    const wrong = CROSS_CUTTING.flatMap((folder) =>
      [...(graph.get(folder) ?? new Map<string, string>())]
        .filter(([to]) => !CROSS_CUTTING.includes(to))
        .map(([, shown]) => shown),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps areas below the app and the command line', () => {
    const wrong = AREAS.flatMap((folder) =>
      [...(graph.get(folder) ?? new Map<string, string>())]
        .filter(([to]) => to === '.' || ON_TOP.includes(to))
        .map(([, shown]) => shown),
    );
    expect(wrong).toEqual([]);
  });

  it('knows every folder as an area, a cross-cutting part or a top-level one', () => {
    const folders = readdirSync(SERVER, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const known = [...CROSS_CUTTING, ...AREAS, ...ON_TOP];
    expect(folders.filter((folder) => !known.includes(folder))).toEqual([]);
  });
});
