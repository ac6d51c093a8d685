import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FileDeleteResponse, SourceFile } from '../../../shared/api/files';
import type { ChannelInput, UploadProgress } from '../../../shared/ipc/contract';
import type { Gateway, UploadSource } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import type { CallContext, DeliverDownload, Handlers } from './validated';

type FileHandlers = Pick<
  Handlers,
  | 'files:list'
  | 'files:upload'
  | 'files:cancel-upload'
  | 'files:download'
  | 'files:delete'
  | 'files:add-label'
  | 'files:remove-label'
>;

export interface FileHandlerDeps {
  gateway: Gateway;
  onProgress: (progress: UploadProgress) => void;
  /** The host's way to hand a download to the user, unless the call brings its own. */
  deliverDownload?: DeliverDownload;
}

// Large files take long; a stalled transfer is ended by the user's cancel or the network.
const TRANSFER_TIMEOUT_MS = 6 * 60 * 60 * 1000;
const PROGRESS_INTERVAL_MS = 100;

export function fileHandlers({
  gateway,
  onProgress,
  deliverDownload,
}: FileHandlerDeps): FileHandlers {
  const uploads = new Map<string, AbortController>();
  const fetchOne = async (id: number) => {
    const [file] = await gateway.json<SourceFile[]>({
      method: 'GET',
      path: '/v2/files',
      query: { id },
    });
    if (!file)
      throw new GatewayError({ code: 'not-found', status: 404, message: `File ${id} not found.` });
    return file;
  };

  return {
    'files:list': ({ labels }) =>
      gateway.json<SourceFile[]>({ method: 'GET', path: '/v2/files', query: { labels } }),

    'files:upload': async (input, context) => {
      if (uploads.has(input.uploadId)) {
        throw new GatewayError({ code: 'conflict', message: 'This upload is already running.' });
      }
      const source = uploadSource(input, context);
      const controller = new AbortController();
      uploads.set(input.uploadId, controller);
      const report = throttled(PROGRESS_INTERVAL_MS, (sentBytes: number) =>
        onProgress({ uploadId: input.uploadId, sentBytes, totalBytes: source.size ?? null }),
      );
      try {
        return await gateway.json<SourceFile>({
          method: 'POST',
          path: '/v2/files',
          query: {
            name: input.name,
            langId: input.langId,
            category: input.category,
            project_id: input.project_id,
            labels: input.labels?.length ? input.labels.join(',') : undefined,
          },
          upload: { ...source, onProgress: report.call },
          signal: controller.signal,
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
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
        uploads.delete(input.uploadId);
      }
    },

    'files:cancel-upload': async ({ uploadId }) => {
      const controller = uploads.get(uploadId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },

    'files:download': async ({ id }, context) => {
      const deliver = context.deliver ?? deliverDownload;
      if (!deliver) {
        throw new GatewayError({
          code: 'unsupported',
          message: 'This host cannot save downloads.',
        });
      }
      const file = await fetchOne(id);
      const { body, size } = await gateway.download({
        method: 'GET',
        path: '/v2/files/download',
        query: { id },
        timeoutMs: TRANSFER_TIMEOUT_MS,
      });
      return deliver({ name: file.name, size: size ?? file.size, body });
    },

    'files:delete': ({ id }) =>
      gateway.json<FileDeleteResponse>({ method: 'DELETE', path: '/v2/files', query: { id } }),

    'files:add-label': async ({ id, name }) => {
      await gateway.json({
        method: 'POST',
        path: '/v2/files/labels',
        query: { id },
        json: { name },
      });
      return fetchOne(id);
    },

    'files:remove-label': async ({ id, name }) => {
      await gateway.json({ method: 'DELETE', path: '/v2/files/labels', query: { id, name } });
      return fetchOne(id);
    },
  };
}

/**
 * Where an upload's bytes come from: the stream the web host received, or the file at `path`
 * (desktop; the preload takes it from the dropped File, so the page cannot name any other path).
 */
function uploadSource(
  input: ChannelInput<'files:upload'>,
  context: CallContext,
): Omit<UploadSource, 'onProgress'> {
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
      message: 'files:upload needs the file: drop it on the window or pick it.',
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
