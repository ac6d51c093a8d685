import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILT_ENTRIES, OUT_DIR_ENV, REPO_ROOT } from './processes';

/**
 * The run uses a copy of out/ taken now: a build started meanwhile in the same checkout (another
 * engineer's, or another copy of the suite's) then cannot pull the app from under a running test.
 * The copy sits beside a link to node_modules, where the bundles find their packages.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const source = path.join(REPO_ROOT, 'out');
  for (const entry of BUILT_ENTRIES) {
    if (!existsSync(path.join(source, entry))) {
      throw new Error(
        `out/${entry} is missing: run \`node scripts/build.mjs\` before the e2e tests.`,
      );
    }
  }
  const snapshot = await mkdtemp(path.join(tmpdir(), 'wordbench-e2e-build-'));
  await cp(source, path.join(snapshot, 'out'), { recursive: true });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(snapshot, 'node_modules'), 'dir');
  // Workers inherit the runner's environment.
  process.env[OUT_DIR_ENV] = path.join(snapshot, 'out');
  return () => rm(snapshot, { recursive: true, force: true });
}
