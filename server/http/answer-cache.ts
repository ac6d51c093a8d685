import type { DataVersion } from '../db/data-version';

interface Entry {
  version: number;
  body: Buffer;
  etag: string;
}

export interface AnswerCache {
  /** The cached answer for `key`, if nothing in the database changed since it was built. */
  get(key: string): Entry | undefined;
  /** Caches `body` for `key` at the database version read before it was built. */
  set(key: string, version: number, body: Buffer): Entry;
  /** The database's change counter now. */
  version(): number;
}

/**
 * Serialized answers of heavy read routes (the full project list: ~12 MB and ~200 ms to build for
 * 10,000 projects), reused until the database changes (db/data-version.ts: on SQLite any change
 * at all, on PostgreSQL any committed change to what the answers are made of, in any process).
 * Least recently used entries go first once `maxBytes` is reached.
 */
export function createAnswerCache(
  dataVersion: DataVersion,
  maxBytes = 64 * 1024 * 1024,
): AnswerCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    version: () => dataVersion.current(),
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== dataVersion.current()) {
        drop(key, entry);
        return undefined;
      }
      // Re-insert to mark it recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, version, body) {
      const previous = entries.get(key);
      if (previous) drop(key, previous);
      const entry = { version, body, etag: `"v${version}-${body.length}"` };
      if (body.length > maxBytes) return entry;
      for (const [oldKey, old] of entries) {
        if (bytes + body.length <= maxBytes) break;
        drop(oldKey, old);
      }
      entries.set(key, entry);
      bytes += body.length;
      return entry;
    },
  };
}
