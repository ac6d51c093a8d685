import type { VaultStatus } from '../../../shared/ipc/settings';
import type { KeySlot, Vault } from './vault';

/** The part of Electron's `safeStorage` the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/** The part of electron-store the vault uses (string values only). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: string): void;
  delete(key: string): void;
}

const MEMORY_ONLY_WARNING =
  'This system offers no keychain to encrypt the API key, so Wordbench keeps it only until you quit. ' +
  'Set it again after a restart, or install and unlock a keychain (for example gnome-keyring).';

/**
 * The desktop vault: the key encrypted with the OS keychain (safeStorage) and stored as base64 in
 * electron-store. When encryption is unavailable it keeps keys in memory only and says so: it
 * never writes a key in clear text.
 */
export function createSafeStorageVault(safeStorage: SafeStorageLike, store: KeyValueStore): Vault {
  const inMemory = new Map<KeySlot, string>();
  const storeKey = (slot: KeySlot) => `apiKeys.${slot}`;
  const canEncrypt = () => safeStorage.isEncryptionAvailable();

  return {
    getKey(slot) {
      if (!canEncrypt()) return inMemory.get(slot) ?? null;
      const stored = store.get(storeKey(slot));
      if (typeof stored !== 'string') return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        // Encrypted under another user or keychain: unusable, treat as absent.
        return null;
      }
    },
    setKey(slot, key) {
      if (!canEncrypt()) {
        inMemory.set(slot, key);
        return;
      }
      store.set(storeKey(slot), safeStorage.encryptString(key).toString('base64'));
    },
    clearKey(slot) {
      inMemory.delete(slot);
      store.delete(storeKey(slot));
    },
    status: (): VaultStatus =>
      canEncrypt() ? { kind: 'encrypted' } : { kind: 'memory-only', warning: MEMORY_ONLY_WARNING },
  };
}
