import { existsSync, readFileSync } from 'node:fs';
import type { ConnectionInput } from '../../shared/ipc/settings';
import { writeFileAtomic } from './vault/atomic-file';

export type ConnectionSettings = ConnectionInput;

export interface ConnectionSettingsStore {
  get(): ConnectionSettings;
  set(settings: ConnectionSettings): void;
}

const DEFAULT_SETTINGS: ConnectionSettings = { mode: 'embedded' };

/**
 * Where the app connects, kept in a small JSON file (not secret: the key lives in the vault).
 * A file that cannot be read falls back to the embedded server rather than stopping the app.
 */
export function createConnectionSettingsFile(path: string): ConnectionSettingsStore {
  return {
    get() {
      if (!existsSync(path)) return DEFAULT_SETTINGS;
      try {
        const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConnectionSettings>;
        if (parsed.mode === 'remote' && typeof parsed.baseUrl === 'string') {
          return {
            mode: 'remote',
            baseUrl: parsed.baseUrl,
            ...(typeof parsed.commentsBaseUrl === 'string'
              ? { commentsBaseUrl: parsed.commentsBaseUrl }
              : {}),
            ...(typeof parsed.caCertificates === 'string'
              ? { caCertificates: parsed.caCertificates }
              : {}),
          };
        }
        return DEFAULT_SETTINGS;
      } catch {
        return DEFAULT_SETTINGS;
      }
    },
    set(settings) {
      writeFileAtomic(path, JSON.stringify(settings, null, 2), 0o600);
    },
  };
}

/** The comments API lives under `/2` of the same host unless the user says otherwise (API.md Part A). */
export function defaultCommentsBaseUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/2`;
}
