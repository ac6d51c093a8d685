/**
 * Why a generation failed, in words a user can act on. `unreachable`: nothing answers at the
 * engine's address; `timeout`: the engine stayed silent too long; `refused`: it answered with an
 * HTTP 4xx (key, model name, address); `failed`: an HTTP 5xx or an error in mid-stream;
 * `bad-answer`: what came back is not an OpenAI-style stream; `model`: the GGUF model file is
 * missing or does not load; `settings`: the engine settings themselves are wrong; `closed`: the
 * engine was closed.
 */
export type EngineErrorCode =
  'unreachable' | 'timeout' | 'refused' | 'failed' | 'bad-answer' | 'model' | 'settings' | 'closed';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  /** The engine's HTTP status, when it answered with one. */
  readonly status: number | undefined;

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    this.status = options?.status;
  }
}
