import type { TranslationInfo } from '../../../shared/api/file-translation';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import type { DragFiles } from '../transfers/drag-files';
import { deliver, TRANSFER_TIMEOUT_MS } from '../transfers/downloads';
import type { DeliverDownload, Handlers } from './validated';

type TranslationHandlers = Pick<
  Handlers,
  | 'translations:start'
  | 'translations:list'
  | 'translations:download'
  | 'translations:drag-out'
  | 'translations:notify-ready'
>;

/** A system notification's words. */
export interface ReadyNotice {
  title: string;
  body: string;
}

export interface TranslationHandlerDeps {
  gateway: Gateway;
  deliverDownload?: DeliverDownload;
  dragFiles: DragFiles;
  /** The desktop host's drag of a file on disk out of the window; absent in the browser. */
  startDrag?: (path: string) => Promise<void>;
  /** The desktop host's system notification; false when the system has none. */
  notify?: (notice: ReadyNotice) => boolean;
}

const isReady = (info: TranslationInfo) =>
  info.status === 'ReadyForDownload' || info.status === 'Completed';

/** `guide.es.docx is ready (en → es).` */
export function readyNotice(info: TranslationInfo): ReadyNotice {
  return {
    title: 'Translation ready',
    body: `${info.translatedName} is ready (${info.srclang} → ${info.trglang}).`,
  };
}

export function translationHandlers(deps: TranslationHandlerDeps): TranslationHandlers {
  const { gateway, deliverDownload, dragFiles } = deps;
  const fetchOne = async (id: number) => {
    const [info] = await gateway.json<TranslationInfo[]>({
      method: 'GET',
      path: '/v2/translate/file',
      query: { translationIds: String(id) },
    });
    if (!info) {
      throw new GatewayError({
        code: 'not-found',
        status: 404,
        message: `Translation ${id} not found.`,
      });
    }
    return info;
  };
  const openTranslated = (id: number) =>
    gateway.download({
      method: 'GET',
      path: '/v2/translate/files',
      query: { id },
      timeoutMs: TRANSFER_TIMEOUT_MS,
    });

  return {
    'translations:start': ({ fileIds, memoryId, withTM, minScore }) =>
      gateway.json<TranslationInfo[]>({
        method: 'POST',
        path: '/v2/translate/file',
        query: { fileId: fileIds.join(','), memoryId, withTM, configId: minScore },
      }),

    // The API wants at least one filter; none means "everything", which is `fromTime=0`.
    'translations:list': ({ ids, status, fromTime, toTime }) => {
      const hasFilter = ids || status || fromTime !== undefined || toTime !== undefined;
      return gateway.json<TranslationInfo[]>({
        method: 'GET',
        path: '/v2/translate/file',
        query: {
          translationIds: ids?.join(','),
          status,
          fromTime: hasFilter ? fromTime : 0,
          toTime,
        },
      });
    },

    'translations:download': ({ id }, context) =>
      deliver(context, deliverDownload, async () => {
        const info = await fetchOne(id);
        const { body, size } = await openTranslated(id);
        return { name: info.translatedName, size, body };
      }),

    'translations:drag-out': async ({ id }) => {
      const { startDrag } = deps;
      if (!startDrag) {
        throw new GatewayError({
          code: 'unsupported',
          message: 'Dragging a file out of the window works in the desktop app only.',
          hint: 'Use Download instead.',
        });
      }
      const info = await fetchOne(id);
      const path = await dragFiles.place(String(id), info.translatedName, async () => {
        const { body } = await openTranslated(id);
        return body;
      });
      await startDrag(path);
      return { started: true };
    },

    'translations:notify-ready': async ({ id }) => {
      if (!deps.notify) return { shown: false };
      const info = await fetchOne(id);
      if (!isReady(info)) return { shown: false };
      return { shown: deps.notify(readyNotice(info)) };
    },
  };
}
