import type { FileDeleteResponse, SourceFile } from '../../../shared/api/files';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import { deliver, TRANSFER_TIMEOUT_MS } from '../transfers/downloads';
import type { DragFiles } from '../transfers/drag-files';
import type { Uploads } from '../transfers/uploads';
import type { DeliverDownload, Handlers } from './validated';

type FileHandlers = Pick<
  Handlers,
  | 'files:list'
  | 'files:upload'
  | 'files:download'
  | 'files:open'
  | 'files:delete'
  | 'files:add-label'
  | 'files:remove-label'
>;

export interface FileHandlerDeps {
  gateway: Gateway;
  uploads: Uploads;
  /** The host's way to hand a download to the user, unless the call brings its own. */
  deliverDownload?: DeliverDownload;
  /** Where files to open are written (a private temporary folder, cleared when the app stops). */
  dragFiles?: DragFiles;
  /** Opens a file on disk with the system's app (desktop only). */
  openFile?: (path: string) => Promise<void>;
}

export function fileHandlers(deps: FileHandlerDeps): FileHandlers {
  const { gateway, uploads, deliverDownload, dragFiles, openFile } = deps;
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

    'files:upload': (input, context) =>
      uploads.run(input, context, (upload, signal) =>
        gateway.json<SourceFile>({
          method: 'POST',
          path: '/v2/files',
          query: {
            name: input.name,
            langId: input.langId,
            category: input.category,
            project_id: input.project_id,
            labels: input.labels?.length ? input.labels.join(',') : undefined,
          },
          upload,
          signal,
          timeoutMs: TRANSFER_TIMEOUT_MS,
        }),
      ),

    'files:download': ({ id }, context) =>
      deliver(context, deliverDownload, async () => {
        const file = await fetchOne(id);
        const { body, size } = await gateway.download({
          method: 'GET',
          path: '/v2/files/download',
          query: { id },
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
        return { name: file.name, size: size ?? file.size, body };
      }),

    'files:open': async ({ id }) => {
      if (!openFile || !dragFiles) return { opened: false };
      const file = await fetchOne(id);
      // Ids are never reused and a file's bytes never change: a second open reuses the copy.
      const path = await dragFiles.place(`file-${id}`, file.name, async () => {
        const { body } = await gateway.download({
          method: 'GET',
          path: '/v2/files/download',
          query: { id },
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
        return body;
      });
      await openFile(path);
      return { opened: true };
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
