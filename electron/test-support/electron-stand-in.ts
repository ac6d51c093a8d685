// A stand-in for the `electron` module, for tests that load the built main process in plain Node
// (no Electron binary can exist on these machines). It records what the main process asks for and
// does nothing else; keep it this thin.
type Handler = (...args: never[]) => unknown;

export interface RecordedWindow {
  options: Record<string, unknown>;
  loadedFile: string | null;
  sent: Array<[string, unknown]>;
}

export const recorded = {
  userData: '',
  appEvents: new Map<string, Handler[]>(),
  calls: [] as string[],
  windows: [] as RecordedWindow[],
  ipcHandles: new Map<string, Handler[]>(),
  permissionRequestHandler: null as Handler | null,
  permissionCheckHandler: null as Handler | null,
  openedExternally: [] as string[],
  quitCount: 0,
};

const on = (map: Map<string, Handler[]>) => (event: string, handler: Handler) => {
  map.set(event, [...(map.get(event) ?? []), handler]);
};

const app = {
  isPackaged: false,
  enableSandbox: () => void recorded.calls.push('app.enableSandbox'),
  requestSingleInstanceLock: () => true,
  on: on(recorded.appEvents),
  whenReady: () => Promise.resolve(),
  getPath: (name: string) => {
    if (name !== 'userData') throw new Error(`stand-in: unexpected getPath(${name})`);
    return recorded.userData;
  },
  getVersion: () => '0.0.0-test',
  getName: () => 'Wordbench',
  quit: () => void (recorded.quitCount += 1),
};

class BrowserWindow {
  static getAllWindows = () => [];
  private record: RecordedWindow;
  webContents: { send: (channel: string, payload: unknown) => void };
  constructor(options: Record<string, unknown>) {
    this.record = { options, loadedFile: null, sent: [] };
    recorded.windows.push(this.record);
    this.webContents = { send: (channel, payload) => this.record.sent.push([channel, payload]) };
  }
  once() {}
  isDestroyed = () => false;
  loadFile(path: string) {
    this.record.loadedFile = path;
    return Promise.resolve();
  }
}

const ipcMain = {
  handle: on(recorded.ipcHandles),
  on: () => {},
};

// Reversible "encryption" so the test can read back what the vault stored.
const flip = (buffer: Buffer) => Buffer.from(buffer.map((byte) => byte ^ 0x5a));
const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (plain: string) => flip(Buffer.from(plain)),
  decryptString: (encrypted: Buffer) => flip(encrypted).toString(),
};

const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: Handler) =>
      void (recorded.permissionRequestHandler = handler),
    setPermissionCheckHandler: (handler: Handler) =>
      void (recorded.permissionCheckHandler = handler),
  },
};

const shell = {
  openExternal: async (url: string) => void recorded.openedExternally.push(url),
};

const dialog = {
  showSaveDialog: async () => ({ canceled: true, filePath: undefined }),
};

export const electronStandIn = { app, BrowserWindow, dialog, ipcMain, safeStorage, session, shell };
export default electronStandIn;
