import { isIpcError, type IpcError } from '../../../shared/ipc/errors';

/** Any rejection turned into the one error shape the UI knows how to show. */
export function toIpcError(error: unknown): IpcError {
  if (isIpcError(error)) return error;
  if (error instanceof Error) return { code: 'internal', message: error.message };
  return { code: 'internal', message: 'Something went wrong, and no reason was given.' };
}
