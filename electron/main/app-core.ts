import type { EventName, Events } from '../../shared/ipc/contract';
import type { AppInfo } from '../../shared/ipc/settings';
import { createConnection, type Connection, type ConnectionDeps } from './connection';
import type { ConnectionSettingsStore } from './connection-settings';
import { createGateway, type Gateway } from './gateway/gateway';
import { appHandlers } from './ipc/app';
import { commentHandlers } from './ipc/comments';
import { createHandlers } from './ipc/create';
import { documentHandlers } from './ipc/documents';
import { fileHandlers } from './ipc/files';
import { jobHandlers } from './ipc/jobs';
import { languageHandlers } from './ipc/languages';
import { memoryHandlers } from './ipc/memories';
import { projectHandlers } from './ipc/projects';
import { qaHandlers } from './ipc/qa';
import { segmentHandlers } from './ipc/segments';
import { uploadHandlers } from './ipc/uploads';
import { settingsHandlers } from './ipc/settings';
import { translationHandlers, type ReadyNotice } from './ipc/translations';
import { webhookHandlers } from './ipc/webhooks';
import {
  createDispatcher,
  type DeliverDownload,
  type Dispatch,
  type Handlers,
} from './ipc/validated';
import { createDragFiles } from './transfers/drag-files';
import { createUploads } from './transfers/uploads';
import type { Vault } from './vault/vault';

export interface AppCoreOptions {
  info: AppInfo;
  vault: Vault;
  settings: ConnectionSettingsStore;
  launchEmbedded: ConnectionDeps['launchEmbedded'];
  logError?: (error: unknown, channel: string) => void;
  /** How this host hands downloads to the user (the desktop's save dialog). */
  deliverDownload?: DeliverDownload;
  /** The desktop's drag of a file on disk out of the window (absent in the browser). */
  startDrag?: (path: string) => Promise<void>;
  /** Opens a file on disk with the system's app for its type (desktop only). */
  openFile?: (path: string) => Promise<void>;
  /** The desktop's system notification; false when the system has none. */
  notify?: (notice: ReadyNotice) => boolean;
  /** The desktop's file dialog for a Create model file (absent in the browser). */
  pickModelFile?: () => Promise<string | null>;
}

export interface AppCore {
  dispatch: Dispatch;
  connection: Connection;
  gateway: Gateway;
  /** Pushes to the renderer; each host forwards them its own way. */
  subscribe(listener: <E extends EventName>(event: E, payload: Events[E]) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Everything behind the channels, with no Electron in it: the same core is served by Electron IPC
 * and by the web host.
 */
export function createAppCore(options: AppCoreOptions): AppCore {
  const listeners = new Set<<E extends EventName>(event: E, payload: Events[E]) => void>();
  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
    for (const listener of listeners) listener(event, payload);
  };
  const connection = createConnection({
    vault: options.vault,
    settings: options.settings,
    launchEmbedded: options.launchEmbedded,
    onChange: (state) => emit('connection:changed', state),
    // The header's badge turns red within about 2 s of the server no longer answering.
    watchHealth: {},
  });
  const gateway = createGateway({ target: () => connection.target() });
  const uploads = createUploads((progress) => emit('uploads:progress', progress));
  const deliverDownload = options.deliverDownload;
  const dragFiles = createDragFiles();
  const documents = documentHandlers({ gateway, uploads, deliverDownload });
  const handlers: Handlers = {
    ...appHandlers(options.info),
    ...settingsHandlers(connection, gateway),
    ...languageHandlers(gateway),
    ...memoryHandlers({ gateway, uploads, deliverDownload }),
    ...projectHandlers(gateway),
    ...jobHandlers({ gateway, deliverDownload }),
    ...webhookHandlers(gateway),
    ...createHandlers({
      gateway,
      onPiece: (piece) => emit('create:piece', piece),
      uploadDocument: documents['documents:upload'],
      pickModelFile: options.pickModelFile,
    }),
    ...fileHandlers({ gateway, uploads, deliverDownload, dragFiles, openFile: options.openFile }),
    ...documents,
    ...segmentHandlers(gateway),
    ...commentHandlers(gateway),
    ...qaHandlers(gateway),
    ...uploadHandlers(uploads),
    ...translationHandlers({
      gateway,
      deliverDownload,
      dragFiles,
      startDrag: options.startDrag,
      notify: options.notify,
    }),
  };
  return {
    dispatch: createDispatcher(handlers, options.logError),
    connection,
    gateway,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => connection.start(),
    stop: () => {
      dragFiles.clear();
      return connection.stop();
    },
  };
}
