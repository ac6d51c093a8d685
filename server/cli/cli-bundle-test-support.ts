import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { serverBundleOptions } from '../../scripts/server-bundle.mjs';

// Test support: the server CLI as tests spawn it. Through `node --import tsx server/main.ts`
// every start compiles the whole module graph again (about 2 s a start on the CI machine); the
// same sources bundled once per test run, as scripts/build.mjs builds out/server/, start in
// well under a second. The bundle lives under node_modules/.cache so that its external imports
// (native modules) resolve to the project's packages.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server/main.ts of this run (see cliEntry). */
    wordbenchCliEntry: string;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Bundles server/main.ts and the document worker into `dir`, as scripts/build.mjs does. */
async function bundleCli(dir: string): Promise<void> {
  await build({ ...serverBundleOptions(dir), absWorkingDir: ROOT });
}

/** Global setup (vitest.config.ts): bundles the CLI, and removes the bundle after the run. */
export default async function setup(project: TestProject) {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'wordbench-test-cli-'));
  await bundleCli(dir);
  // Watch mode: the sources may have changed since the last run.
  project.onTestsRerun(() => bundleCli(dir));
  project.provide('wordbenchCliEntry', join(dir, 'main.js'));
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The file `node` runs as the server CLI: server/main.ts, bundled from the current sources. */
export function cliEntry(): string {
  const entry = inject('wordbenchCliEntry');
  if (!entry) throw new Error('No CLI bundle: the project needs cli-bundle-test-support.ts');
  return entry;
}
