import { Type, type Static } from '@sinclair/typebox';

/** Where the app sends its API calls: the embedded server, or a hosted service. */
export const ConnectionInput = Type.Union([
  Type.Object({ mode: Type.Literal('embedded') }, { additionalProperties: false }),
  Type.Object(
    {
      mode: Type.Literal('remote'),
      baseUrl: Type.String({ format: 'uri', maxLength: 2048 }),
      /** Defaults to `${baseUrl}/2` when left out. */
      commentsBaseUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
      /** A team's own certificate authorities (PEM), trusted besides the system's. */
      caCertificates: Type.Optional(Type.String({ maxLength: 65_536 })),
    },
    { additionalProperties: false },
  ),
]);
export type ConnectionInput = Static<typeof ConnectionInput>;

/** The supervisor's record of the embedded server stopping by itself and being started again. */
export interface ServerRestarts {
  /** Restarts since the server was first started. */
  count: number;
  /** When it last stopped by itself (ms since the epoch). */
  lastStoppedAt: number;
  /** How it stopped (exit code or signal, its last lines): for a details part, not a headline. */
  lastReason: string;
}

export type EmbeddedServerStatus =
  /**
   * `message` is set when this start is a restart after the server stopped unexpectedly.
   * `since`: when this start began (ms since the epoch); `step`: what the server said it is doing.
   */
  | {
      state: 'starting';
      message?: string;
      restarts?: ServerRestarts;
      since?: number;
      step?: string;
    }
  /** `pid`: the server process, for diagnostics (and the e2e test that stops it). */
  | { state: 'running'; url: string; pid?: number; restarts?: ServerRestarts }
  /** `details`: what the server last wrote (its stderr), for a details part, not the headline. */
  | { state: 'failed'; message: string; details?: string }
  | { state: 'stopped' };

/** How the key is kept: encrypted by the OS, in a 0600 file (web host, tests), or in memory only. */
export type VaultStatus =
  { kind: 'encrypted' } | { kind: 'file'; path: string } | { kind: 'memory-only'; warning: string };

/** What the renderer may know about the connection. Never the key itself. */
export interface ConnectionState {
  mode: 'embedded' | 'remote';
  baseUrl: string | null;
  commentsBaseUrl: string | null;
  /** The trusted certificate authorities of a remote connection (PEM), if any were given. */
  caCertificates: string | null;
  hasApiKey: boolean;
  vault: VaultStatus;
  embedded: EmbeddedServerStatus;
  /** Whether the server answered the host's last health probe; absent until probed. */
  reachability?: Reachability;
}

/** The host's health probe of the server calls go to (`GET /health`, a short timeout). */
export type Reachability =
  | { state: 'reachable' }
  /**
   * `message`: why, in words (refused, timed out, certificate not trusted). `isSlow`: a server
   * that answered before has been silent for a moment; the badge says so, but calls still go to
   * it (a slow network is not a dead one) until its probe is given up.
   */
  | { state: 'unreachable'; message: string; isSlow?: boolean };

export interface ConnectionTestResult {
  ok: boolean;
  message: string;
  status?: number;
  latencyMs?: number;
  serverVersion?: string;
}

export interface AppInfo {
  version: string;
  host: 'electron' | 'web';
  platform: string;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** Why the trusted-authorities text cannot be used (null when empty or PEM certificates). */
export function checkTrustedCertificates(text: string): string | null {
  if (text.trim() === '' || PEM_CERTIFICATE.test(text)) return null;
  return (
    'Paste PEM certificates, each from -----BEGIN CERTIFICATE----- to ' +
    '-----END CERTIFICATE----- (your team’s administrator has them).'
  );
}
