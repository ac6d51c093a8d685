import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault } from './file-vault';

describe('file vault', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-vault-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps one key per slot and forgets a cleared one', () => {
    const vault = createFileVault(join(folder, 'vault.json'));
    expect(vault.getKey('remote')).toBeNull();
    vault.setKey('remote', 'remote-key');
    vault.setKey('embedded', 'embedded-key');
    vault.clearKey('remote');
    expect(vault.getKey('remote')).toBeNull();
    expect(vault.getKey('embedded')).toBe('embedded-key');
  });

  it('survives a reopen, as after a restart', () => {
    createFileVault(join(folder, 'vault.json')).setKey('remote', 'k1');
    expect(createFileVault(join(folder, 'vault.json')).getKey('remote')).toBe('k1');
  });

  it('writes a file only its owner can read, and leaves no temporary files', () => {
    const path = join(folder, 'vault.json');
    createFileVault(path).setKey('remote', 'k1');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['vault.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, keys: { remote: 'k1' } });
  });

  it('reports that it is a file vault and where', () => {
    const path = join(folder, 'vault.json');
    expect(createFileVault(path).status()).toEqual({ kind: 'file', path });
  });
});
