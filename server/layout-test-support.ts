import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The server's source files under `dir`: tests, test support and fixtures left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(path);
    const isSource = /\.ts$/.test(entry.name) && !/(\.test|test-support)\.ts$/.test(entry.name);
    return isSource ? [path] : [];
  });
}
