import type { VaultStatus } from '../../../shared/ipc/settings';

/** Which connection a key belongs to: the app's own embedded server, or a hosted service. */
export type KeySlot = 'embedded' | 'remote';

/**
 * Where the API key lives. Only the main process (or the web host's Node process) holds a Vault;
 * nothing that reaches the renderer may call `getKey`.
 */
export interface Vault {
  getKey(slot: KeySlot): string | null;
  setKey(slot: KeySlot, key: string): void;
  clearKey(slot: KeySlot): void;
  status(): VaultStatus;
}
