import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { UploadProgress } from '../../../shared/ipc/contract';
import type { UploadSource } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import type { CallContext } from '../ipc/validated';

export { TRANSFER_TIMEOUT_MS } from './downloads';

const PROGRESS_INTERVAL_MS = 100;

/** What every upload channel's input carries besides its own parameters. */
export interface UploadInput {
  uploadId: string;
  name: string;
  path?: string;
  size?: number;
}

/**
 * Running uploads by id: each gets its byte source, throttled progress pushes and an abort
 * signal that `cancel(uploadId)` fires. Shared by every channel that uploads (files, memory
 * imports).
 */
export type Uploads = ReturnType<typeof createUploads>;

export function createUploads(onProgress: (progress: UploadProgress) => void) {
  const running = new Map<string, AbortController>();

  return {
    async run<T>(
      input: UploadInput,
      context: CallContext,
      send: (upload: UploadSource, signal: AbortSignal) => Promise<T>,
    ): Promise<T> {
      if (running.has(input.uploadId)) {
        throw new GatewayError({ code: 'conflict', message: 'This upload is already running.' });
      }
      const source = uploadSource(input, context);
      const controller = new AbortController();
      running.set(input.uploadId, controller);
      const report = throttled(PROGRESS_INTERVAL_MS, (sentBytes: number) =>
        onProgress({ uploadId: input.uploadId, sentBytes, totalBytes: source.size ?? null }),
      );
      try {
        return await send({ ...source, onProgress: report.call }, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) {
          throw new GatewayError({
            code: 'network',
            message: `Upload of ${input.name} cancelled.`,
          });
        }
        throw error;
      } finally {
        report.flush();
        running.delete(input.uploadId);
      }
    },
    cancel(uploadId: string): boolean {
      const controller = running.get(uploadId);
      controller?.abort();
      return controller !== undefined;
    },
  };
}

/**
 * Where an upload's bytes come from: the stream the web host received, or the file at `path`
 * (desktop; the preload takes it from the dropped File, so the page cannot name any other path).
 */
function uploadSource(input: UploadInput, context: CallContext): Omit<UploadSource, 'onProgress'> {
  const streamed = context.body;
  if (streamed) {
    let isOpened = false;
    return {
      size: input.size,
      open: (): Readable => {
        if (isOpened)
          throw new Error('A streamed upload cannot be sent twice; upload the file again.');
        isOpened = true;
        return streamed;
      },
    };
  }
  if (!input.path) {
    throw new GatewayError({
      code: 'invalid-input',
      message: 'This upload needs the file: drop it on the window or pick it.',
    });
  }
  const path = input.path;
  let size: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new Error('not a regular file');
    size = stats.size;
  } catch (error) {
    throw new GatewayError({
      code: 'invalid-input',
      message: `Cannot read ${input.name}: ${error instanceof Error ? error.message : String(error)}.`,
    });
  }
  return { size, open: () => createReadStream(path) };
}

/** Calls `report` at most once per interval, and once more with the last value on flush. */
function throttled(intervalMs: number, report: (value: number) => void) {
  let last = 0;
  let pending: number | undefined;
  return {
    call(value: number) {
      pending = value;
      const now = Date.now();
      if (now - last >= intervalMs) {
        last = now;
        report(value);
        pending = undefined;
      }
    },
    flush() {
      if (pending !== undefined) report(pending);
      pending = undefined;
    },
  };
}
