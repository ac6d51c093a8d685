import { describe, expect, it } from 'vitest';
import {
  createSafeStorageVault,
  type KeyValueStore,
  type SafeStorageLike,
} from './safe-storage-vault';

// Electron's safeStorage cannot exist here (no Electron binary); this stand-in encrypts reversibly
// so the test can see that only ciphertext reaches the store.
function fakeSafeStorage(isAvailable: boolean): SafeStorageLike {
  const flip = (buffer: Buffer) => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
  return {
    isEncryptionAvailable: () => isAvailable,
    encryptString: (plain) => flip(Buffer.from(`enc:${plain}`)),
    decryptString: (encrypted) => flip(encrypted).toString().replace(/^enc:/, ''),
  };
}

function memoryStore(): KeyValueStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    delete: (key) => void values.delete(key),
  };
}

describe('safeStorage vault', () => {
  it('stores only the encrypted key and reads it back', () => {
    const store = memoryStore();
    const vault = createSafeStorageVault(fakeSafeStorage(true), store);
    vault.setKey('remote', 'secret-key-123');
    expect(vault.getKey('remote')).toBe('secret-key-123');
    const stored = [...store.values.values()].join('');
    expect(stored).not.toContain('secret-key-123');
    expect(Buffer.from(stored, 'base64').toString()).not.toContain('secret-key-123');
    expect(vault.status()).toEqual({ kind: 'encrypted' });
  });

  it('clears a key', () => {
    const store = memoryStore();
    const vault = createSafeStorageVault(fakeSafeStorage(true), store);
    vault.setKey('remote', 'k');
    vault.clearKey('remote');
    expect(vault.getKey('remote')).toBeNull();
    expect(store.values.size).toBe(0);
  });

  it('never writes clear text when encryption is unavailable, and says so', () => {
    const store = memoryStore();
    const vault = createSafeStorageVault(fakeSafeStorage(false), store);
    vault.setKey('remote', 'secret-key-123');
    expect(vault.getKey('remote')).toBe('secret-key-123');
    expect(store.values.size).toBe(0);
    const status = vault.status();
    expect(status.kind).toBe('memory-only');
    expect(status.kind === 'memory-only' && status.warning).toMatch(/keychain/);
  });

  it('treats a key encrypted elsewhere as absent instead of failing', () => {
    const store = memoryStore();
    store.set('apiKeys.remote', 'not-decryptable');
    const safeStorage = fakeSafeStorage(true);
    safeStorage.decryptString = () => {
      throw new Error('cannot decrypt');
    };
    expect(createSafeStorageVault(safeStorage, store).getKey('remote')).toBeNull();
  });
});
