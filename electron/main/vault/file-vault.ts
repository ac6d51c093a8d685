import { chmodSync, existsSync, readFileSync } from 'node:fs';
import type { VaultStatus } from '../../../shared/ipc/settings';
import { writeFileAtomic } from './atomic-file';
import type { KeySlot, Vault } from './vault';

interface VaultFile {
  version: 1;
  keys: Partial<Record<KeySlot, string>>;
}

/**
 * The vault for the web host and tests: a JSON file readable by its owner only (0600). There is no
 * OS keychain to encrypt with there, and the status says so rather than pretending.
 */
export function createFileVault(path: string): Vault {
  const read = (): VaultFile => {
    if (!existsSync(path)) return { version: 1, keys: {} };
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<VaultFile>;
    return { version: 1, keys: { ...parsed.keys } };
  };
  const write = (file: VaultFile) => {
    writeFileAtomic(path, JSON.stringify(file, null, 2), 0o600);
    // The mode given to open() is masked by umask; make sure it is exactly 0600.
    chmodSync(path, 0o600);
  };
  return {
    getKey: (slot) => read().keys[slot] ?? null,
    setKey(slot, key) {
      const file = read();
      file.keys[slot] = key;
      write(file);
    },
    clearKey(slot) {
      const file = read();
      delete file.keys[slot];
      write(file);
    },
    status: (): VaultStatus => ({ kind: 'file', path }),
  };
}
