import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitInlineCodes } from './inline-codes';

const MISSING =
  'Apertium is missing: apt-get install -y apertium apertium-eng-spa apertium-eng-cat';

/** These tests need the real Apertium: without it they fail, saying how to install it. */
export function requireApertium(): void {
  let modes = '';
  try {
    modes = execFileSync('apertium', ['-l'], { encoding: 'utf8' });
  } catch {
    throw new Error(MISSING);
  }
  const listed = modes.split('\n').map((line) => line.trim());
  if (!['eng-spa', 'eng-cat'].every((mode) => listed.includes(mode))) throw new Error(MISSING);
}

/** Live processes of a process group (a pipeline's pid is its group id); zombies do not count. */
export function groupMembers(pgid: number): string[] {
  try {
    const live = ['-r', 'D,R,S,T,t,I'];
    const out = execFileSync('pgrep', ['-a', '-g', String(pgid), ...live], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean);
  } catch {
    // pgrep exits with 1 when nothing matches.
    return [];
  }
}

/** The inline codes of a segment, in order: what must survive translation byte for byte. */
export const codesOf = (segment: string) =>
  splitInlineCodes(segment).codes.map((code) => code.text);

/**
 * An Apertium data folder with one fake mode, `eng-spa`, whose single stage is a tiny shell script
 * (`apertium -d DIR -l` lists it; the engine runs it like any pipeline).
 */
export function fakeMode(script: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'wb-apertium-'));
  mkdirSync(join(dataDir, 'modes'));
  const stage = join(dataDir, 'stage.sh');
  writeFileSync(stage, `#!/bin/sh\n${script}\n`);
  chmodSync(stage, 0o755);
  writeFileSync(join(dataDir, 'modes', 'eng-spa.mode'), `'${stage}'\n`);
  return dataDir;
}
