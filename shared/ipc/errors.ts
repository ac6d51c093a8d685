/** Why a channel call failed, in words the renderer can show. */
export type IpcErrorCode =
  | 'invalid-input'
  | 'unknown-channel'
  | 'forbidden-sender'
  | 'not-configured'
  | 'unauthorized'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'payload-too-large'
  | 'bad-request'
  | 'unsupported'
  | 'timeout'
  | 'network'
  | 'server'
  | 'internal';

/**
 * The one error shape that crosses IPC and the web host. It is a plain object (not an Error
 * instance) so that it survives structured cloning through contextBridge unchanged.
 */
export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** HTTP status of the API answer, when the error came from the API. */
  status?: number;
  /** What the user can do about it. */
  hint?: string;
}

/** What every channel answers on the wire: a value or an error, never a thrown exception. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function isIpcError(value: unknown): value is IpcError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as IpcError).code === 'string' &&
    typeof (value as IpcError).message === 'string'
  );
}
