import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, it } from 'vitest';
import { cliEntry } from '../../server/cli/cli-bundle-test-support';
import { until } from '../../server/until-test-support';

// The real server CLI under a host that dies: a system test (it spawns the bundled server).
describe('the embedded server and its host', () => {
  it('stops when the host process is killed without a word', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'wordbench-orphan-'));
    try {
      // A host that starts the real server through startLocalServer and says its pid.
      const host = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { startLocalServer } from ${JSON.stringify(new URL('./local-server.ts', import.meta.url).href)};
           const server = await startLocalServer({ entry: ${JSON.stringify(cliEntry())},
             execPath: process.execPath, dataDir: ${JSON.stringify(folder)}, apiKey: 'wb_orphan-test-key' });
           console.log('server pid ' + server.pid);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const pid = await new Promise<number>((resolve, reject) => {
        createInterface({ input: host.stdout! }).on('line', (line) => {
          const found = /^server pid (\d+)$/.exec(line)?.[1];
          if (found) resolve(Number(found));
        });
        host.once('exit', (code) => reject(new Error(`the host exited (code ${code}) first`)));
      });
      host.kill('SIGKILL');
      // The server notices its host is gone and stops on its own.
      await until(() => !isAlive(pid), 'the server to stop after its host was killed');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
