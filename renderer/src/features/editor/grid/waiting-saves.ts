import { create } from 'zustand';
import type { SegmentUpdateParameters } from '../../../../../shared/api/segments';
import type { ConnectionState } from '../../../../../shared/ipc/settings';
import { serverIdentity } from '../../../app/server-switch';

/**
 * A save the server could not take when it was sent (unreachable, restarting, 5xx): kept here and
 * in the browser's storage until the server answers it, so neither a restart nor a reload loses it.
 */
export interface WaitingSave {
  key: string;
  documentId: number;
  /** Which server it belongs to: it is never sent to another one after a connection switch. */
  connection: string | null;
  input: SegmentUpdateParameters;
}

export const WAITING_MESSAGE = 'Waiting for the server - will be sent';

const STORAGE_KEY = 'wordbench.waiting-saves';

interface WaitingSavesStore {
  saves: WaitingSave[];
  add: (save: Omit<WaitingSave, 'key'>) => WaitingSave;
  remove: (key: string) => void;
}

/** The waiting saves, oldest first. */
export const useWaitingSaves = create<WaitingSavesStore>()((set, get) => ({
  saves: load(),
  add: (save) => {
    const waiting = { ...save, key: `${Date.now()}-${Math.random().toString(36).slice(2)}` };
    set({ saves: [...get().saves, waiting] });
    store(get().saves);
    return waiting;
  },
  remove: (key) => {
    set({ saves: get().saves.filter((save) => save.key !== key) });
    store(get().saves);
  },
}));

/**
 * True while a save of this segment waits for `server` (the one calls go to now): a save kept
 * for a server used before says nothing about a segment of this one with the same id.
 */
export function useIsWaiting(segmentId: number, server: string | undefined): boolean {
  return useWaitingSaves((state) =>
    state.saves.some(
      (save) =>
        save.input.id === segmentId &&
        (save.connection === null || server === undefined || save.connection === server),
    ),
  );
}

/** The server a connection state points at, as a waiting save remembers it. */
export function connectionIdentity(state: ConnectionState): string {
  return serverIdentity(state);
}

/** How long to wait before sending again; tests shorten it. */
export const retryTiming = { firstMs: 500, maxMs: 4_000 };

export function retryDelayMs(attempt: number): number {
  return Math.min(retryTiming.firstMs * 2 ** attempt, retryTiming.maxMs);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (privacy settings): the saves still wait, in memory only.
    return null;
  }
}

function load(): WaitingSave[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isWaitingSave) : [];
  } catch {
    return [];
  }
}

function store(saves: readonly WaitingSave[]): void {
  try {
    if (saves.length === 0) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, JSON.stringify(saves));
  } catch {
    // Full or refused: the saves still wait in memory.
  }
}

function isWaitingSave(value: unknown): value is WaitingSave {
  if (typeof value !== 'object' || value === null) return false;
  const save = value as Partial<WaitingSave>;
  return (
    typeof save.key === 'string' &&
    typeof save.documentId === 'number' &&
    typeof save.input?.id === 'number' &&
    typeof save.input.target === 'string'
  );
}
