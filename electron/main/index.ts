import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Notification,
  safeStorage,
  session,
  shell,
} from 'electron';
import Store from 'electron-store';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAppCore, type AppCore } from './app-core';
import { createConnectionSettingsFile } from './connection-settings';
import { isOwnTopFrame, registerChannels } from './ipc/register';
import { startLocalServer } from './local-server';
import { safeFileName, saveStreamAtomically } from './save-download';
import { guardWebContents, secureWebPreferences } from './security';
import { createSafeStorageVault } from './vault/safe-storage-vault';

// Built layout: out/main/index.js, out/preload/index.cjs, out/renderer/, out/server/main.js.
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const rendererIndex = join(outDir, 'renderer', 'index.html');
const rendererUrl = pathToFileURL(rendererIndex).href;
const isDevelopment = !app.isPackaged;

let core: AppCore | null = null;
let hasStopped = false;

app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();

app.on('web-contents-created', (_event, contents) =>
  guardWebContents(contents, (url) => shell.openExternal(url)),
);
app.on('second-instance', () => {
  const [window] = BrowserWindow.getAllWindows();
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});
app.on('window-all-closed', () => app.quit());
// Stop the embedded server before the process ends, so its database closes cleanly.
app.on('will-quit', (event) => {
  if (hasStopped || !core) return;
  event.preventDefault();
  void core.stop().finally(() => {
    hasStopped = true;
    app.quit();
  });
});

void app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.setPermissionCheckHandler(() => false);

  const userData = app.getPath('userData');
  core = createAppCore({
    info: { version: app.getVersion(), host: 'electron', platform: process.platform },
    vault: createSafeStorageVault(safeStorage, new Store({ name: 'vault' })),
    settings: createConnectionSettingsFile(join(userData, 'connection.json')),
    launchEmbedded: (apiKey, onProgress) =>
      startLocalServer({
        entry: join(outDir, 'server', 'main.js'),
        // Packaged: Electron's own Node, with native modules rebuilt for it by `npm run package`.
        // From a checkout: the system Node that `npm ci` built better-sqlite3 for.
        execPath: app.isPackaged ? process.execPath : 'node',
        env: app.isPackaged ? { ELECTRON_RUN_AS_NODE: '1' } : {},
        dataDir: join(userData, 'server'),
        apiKey,
        onProgress,
      }),
    logError: (error, channel) => console.error(`[ipc ${channel}]`, error),
    async deliverDownload({ name, body }) {
      const [window] = BrowserWindow.getAllWindows();
      const options = { defaultPath: join(app.getPath('downloads'), safeFileName(name)) };
      const choice = window
        ? await dialog.showSaveDialog(window, options)
        : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) {
        body.destroy();
        return { cancelled: true };
      }
      await saveStreamAtomically(body, choice.filePath);
      return { savedTo: choice.filePath };
    },
    // Reference material opens in the system's app for its type (a PDF viewer, a spreadsheet).
    async openFile(path) {
      const failure = await shell.openPath(path);
      if (failure) throw new Error(failure);
    },
    // The file is already on disk; the system's icon for its type is what the pointer carries.
    async startDrag(path) {
      const [window] = BrowserWindow.getAllWindows();
      if (!window) return;
      window.webContents.startDrag({ file: path, icon: await app.getFileIcon(path) });
    },
    notify({ title, body }) {
      if (!Notification.isSupported()) return false;
      const notification = new Notification({ title, body });
      notification.on('click', () => {
        const [window] = BrowserWindow.getAllWindows();
        if (window) {
          if (window.isMinimized()) window.restore();
          window.focus();
        }
      });
      notification.show();
      return true;
    },
    // The embedded server runs on this machine, so a model file here is one it can open.
    async pickModelFile() {
      const [window] = BrowserWindow.getAllWindows();
      const options = {
        title: 'Choose a GGUF model file',
        properties: ['openFile' as const],
        filters: [{ name: 'GGUF models', extensions: ['gguf'] }],
      };
      const choice = window
        ? await dialog.showOpenDialog(window, options)
        : await dialog.showOpenDialog(options);
      return choice.canceled ? null : (choice.filePaths[0] ?? null);
    },
  });
  registerChannels(ipcMain, core.dispatch, (event) => isOwnTopFrame(event, rendererUrl));

  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Wordbench',
    webPreferences: secureWebPreferences(join(outDir, 'preload', 'index.cjs'), isDevelopment),
  });
  core.subscribe((event, payload) => {
    if (!window.isDestroyed()) window.webContents.send(event, payload);
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(rendererIndex);
  void core.start();
});
