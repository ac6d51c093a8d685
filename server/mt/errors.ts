/**
 * Why a translation failed. `pair_not_installed`: the engine has no such pair (never faked);
 * `timeout`: the engine or the caller's deadline ran out; `engine_failed`: the process died or
 * answered nonsense (it restarts on the next request); `aborted`: the caller's signal fired;
 * `closed`: the engine was closed.
 */
export type MtErrorCode = 'pair_not_installed' | 'timeout' | 'engine_failed' | 'aborted' | 'closed';

export class MtError extends Error {
  override readonly name = 'MtError';

  constructor(
    readonly code: MtErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
