import type { FastifyBaseLogger } from 'fastify';
import { createEngine, type EngineSettings, type TextEngine } from '../llm/engine';

interface Entry {
  engine: TextEngine;
  /** Organizations whose setting this is, as last seen by this process. */
  orgs: Set<number>;
  /** Generations running on it. */
  active: number;
  /** The server's default: kept until the app closes. */
  isPinned: boolean;
}

/** A setting's identity: equal settings share one engine. */
const keyOf = (settings: EngineSettings) => JSON.stringify(settings, Object.keys(settings).sort());

/**
 * The engines of this process, one per distinct setting, made on first use and reused. When an
 * organization's setting changes, the engine it used is closed once no organization uses it and
 * no generation runs on it (a generation in flight finishes on the engine it started on).
 */
export function createEnginePool(log: FastifyBaseLogger, make = createEngine) {
  const entries = new Map<string, Entry>();
  const orgKeys = new Map<number, string>();

  function entryFor(settings: EngineSettings, isPinned = false): Entry {
    const key = keyOf(settings);
    let entry = entries.get(key);
    if (!entry) {
      entry = { engine: make(settings), orgs: new Set(), active: 0, isPinned };
      entries.set(key, entry);
    }
    entry.isPinned ||= isPinned;
    return entry;
  }

  function closeIfUnused(key: string): void {
    const entry = entries.get(key);
    if (!entry || entry.isPinned || entry.orgs.size > 0 || entry.active > 0) return;
    entries.delete(key);
    entry.engine.close().catch((error: unknown) => log.warn({ err: error }, 'closing an engine'));
  }

  /** Records the organization's current setting (null: none), closing what it no longer uses. */
  function follow(orgId: number, settings: EngineSettings | null): Entry | null {
    const key = settings ? keyOf(settings) : null;
    const previous = orgKeys.get(orgId);
    const entry = settings ? entryFor(settings) : null;
    if (key) {
      entry!.orgs.add(orgId);
      orgKeys.set(orgId, key);
    } else orgKeys.delete(orgId);
    if (previous !== undefined && previous !== key) {
      entries.get(previous)?.orgs.delete(orgId);
      closeIfUnused(previous);
    }
    return entry;
  }

  return {
    /** Makes the server's default engine ahead of use and keeps it. */
    pin(settings: EngineSettings): TextEngine {
      return entryFor(settings, true).engine;
    },

    /** The setting was saved: switch the organization over and let the engine get ready. */
    changed(orgId: number, settings: EngineSettings | null): void {
      const entry = follow(orgId, settings);
      entry?.engine.prepare().catch((error: unknown) => {
        log.warn({ err: error, orgId }, 'the Create engine did not get ready');
      });
    },

    /** The engine for one generation; `release` when it has ended. */
    acquire(orgId: number, settings: EngineSettings): { engine: TextEngine; release(): void } {
      const entry = follow(orgId, settings)!;
      entry.active++;
      let isReleased = false;
      return {
        engine: entry.engine,
        release() {
          if (isReleased) return;
          isReleased = true;
          entry.active--;
          closeIfUnused(keyOf(settings));
        },
      };
    },

    async closeAll(): Promise<void> {
      const all = [...entries.values()];
      entries.clear();
      orgKeys.clear();
      await Promise.allSettled(all.map((entry) => entry.engine.close()));
    },
  };
}

export type EnginePool = ReturnType<typeof createEnginePool>;
