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

/** What every service answers (API.md 5); the rest are our server's extensions. */
type PublicInfo = Pick<TranslationInfo, 'id' | 'fileId' | 'status' | 'createdAt' | 'errorMsg'>;

/**
 * A hosted service answers the public fields only: the extensions get neutral values (progress
 * unknown as 0/0, names from the ids), so the app shows such a translation rather than failing.
 */
export function completeInfo(info: PublicInfo & Partial<TranslationInfo>): TranslationInfo {
  return {
    memoryId: 0,
    withTM: true,
    tmThreshold: 0,
    fileName: `File ${info.fileId}`,
    translatedName: `translation-${info.id}`,
    srclang: '',
    trglang: '',
    format: null,
    segmentsDone: 0,
    segmentsTotal: 0,
    tmSegments: 0,
    mtSegments: 0,
    warning: null,
    updatedAt: info.createdAt,
    ...info,
  };
}

const completeAll = (infos: Array<PublicInfo & Partial<TranslationInfo>>) =>
  infos.map(completeInfo);

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
    const [info] = await gateway.json<PublicInfo[]>({
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
    return completeInfo(info);
  };
  const openTranslated = (id: number) =>
    gateway.download({
      method: 'GET',
      path: '/v2/translate/files',
      query: { id },
      timeoutMs: TRANSFER_TIMEOUT_MS,
    });

  return {
    'translations:start': async ({ fileIds, memoryId, withTM, minScore }) =>
      completeAll(
        await gateway.json<PublicInfo[]>({
          method: 'POST',
          path: '/v2/translate/file',
          query: { fileId: fileIds.join(','), memoryId, withTM, tmThreshold: minScore },
        }),
      ),

    // The API wants at least one filter; none means "everything", which is `fromTime=0`.
    'translations:list': async ({ ids, status, fromTime, toTime }) => {
      const hasFilter = ids || status || fromTime !== undefined || toTime !== undefined;
      const infos = await gateway.json<PublicInfo[]>({
        method: 'GET',
        path: '/v2/translate/file',
        query: {
          translationIds: ids?.join(','),
          status,
          fromTime: hasFilter ? fromTime : 0,
          toTime,
        },
      });
      return completeAll(infos);
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
