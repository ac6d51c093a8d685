import type {
  DocumentDeleteResponse,
  DocumentSegmentsPage,
  DocumentWithSegments,
} from '../../../shared/api/documents';
import type { Gateway } from '../gateway/gateway';
import { deliver, TRANSFER_TIMEOUT_MS } from '../transfers/downloads';
import type { Uploads } from '../transfers/uploads';
import { asciiJson } from './ascii-json';
import type { DeliverDownload, Handlers } from './validated';

type DocumentHandlers = Pick<
  Handlers,
  | 'documents:get'
  | 'documents:segments'
  | 'documents:upload'
  | 'documents:download'
  | 'documents:delete'
>;

export interface DocumentHandlerDeps {
  gateway: Gateway;
  uploads: Uploads;
  deliverDownload?: DeliverDownload;
}

/** `report.docx` -> `report.docx.xlf`: the XLIFF keeps the original name visible. */
export function downloadName(name: string, isXliff: boolean): string {
  if (!isXliff) return name;
  return /\.(xlf|xliff)$/i.test(name) ? name : `${name}.xlf`;
}

export function documentHandlers({
  gateway,
  uploads,
  deliverDownload,
}: DocumentHandlerDeps): DocumentHandlers {
  const fetchOne = (id: number) =>
    gateway.json<DocumentWithSegments>({ method: 'GET', path: '/v2/documents', query: { id } });

  return {
    'documents:get': ({ id }) => fetchOne(id),

    'documents:segments': (query) =>
      gateway.json<DocumentSegmentsPage>({
        method: 'GET',
        path: '/v2/documents/segments',
        query,
      }),

    // Parameters travel as one LILT-API JSON header (names may hold any character).
    'documents:upload': (input, context) =>
      uploads.run(input, context, (upload, signal) =>
        gateway.json<DocumentWithSegments>({
          method: 'POST',
          path: '/v2/documents/files',
          headers: {
            'lilt-api': asciiJson({
              name: input.name,
              project_id: input.project_id,
              ...(input.pretranslate ? { pretranslate: input.pretranslate } : {}),
              ...(input.auto_accept === undefined ? {} : { auto_accept: input.auto_accept }),
            }),
          },
          upload,
          signal,
          timeoutMs: TRANSFER_TIMEOUT_MS,
        }),
      ),

    'documents:download': ({ id, is_xliff }, context) =>
      deliver(context, deliverDownload, async () => {
        const isXliff = is_xliff ?? true;
        const document = await fetchOne(id);
        const { body, size } = await gateway.download({
          method: 'GET',
          path: '/v2/documents/files',
          query: { id, is_xliff: isXliff },
          timeoutMs: TRANSFER_TIMEOUT_MS,
        });
        return { name: downloadName(document.name, isXliff), size, body };
      }),

    'documents:delete': ({ id }) =>
      gateway.json<DocumentDeleteResponse>({
        method: 'DELETE',
        path: '/v2/documents',
        query: { id },
      }),
  };
}
