/** A translation direction in API codes: `{ source: 'en', target: 'es' }`. */
export interface MtPair {
  source: string;
  target: string;
}

/** Options of one `translate` call. */
export interface MtTranslateOptions {
  /** Abandons the call: it rejects with an `aborted` MtError. */
  signal?: AbortSignal;
  /**
   * This call's own deadline in ms (it rejects with a `timeout` MtError). Without it the call waits
   * as long as the engine keeps answering; a stalled engine is stopped by its own timeout.
   */
  timeoutMs?: number;
}

/**
 * A machine translation engine. Failures reject with an `MtError` (see `errors.ts`) whose `code`
 * says what happened: `pair_not_installed`, `timeout`, `engine_failed`, `aborted`, `closed`.
 */
export interface MtEngine {
  /** `apertium`. */
  readonly name: string;
  /** The pairs that are installed, never faked. */
  pairs(): Promise<MtPair[]>;
  supports(source: string, target: string): Promise<boolean>;
  /**
   * Translates segments in order; inline codes (tags, placeholders) come back unchanged and in
   * place. Empty, blank and code-only segments come back as they are.
   */
  translate(pair: MtPair, segments: string[], options?: MtTranslateOptions): Promise<string[]>;
  /** Ends every pipeline; later calls reject with `closed`. */
  close(): Promise<void>;
}

export { MtError, type MtErrorCode } from './errors';
export {
  createApertiumEngine,
  type ApertiumEngine,
  type ApertiumEngineOptions,
} from './apertium-engine';
