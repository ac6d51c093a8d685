import type { WebContents, WebPreferences } from 'electron';

/** The renderer runs with no Node, in a sandbox, isolated from the preload (Electron's checklist). */
export function secureWebPreferences(preload: string, isDevelopment: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    devTools: isDevelopment,
  };
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * No navigation away from the app, no new windows, no webviews. Web links the user clicks open in
 * the system browser instead.
 */
export function guardWebContents(
  contents: GuardedContents,
  openExternal: (url: string) => Promise<void>,
): void {
  const openIfWeb = (url: string) => {
    if (isWebUrl(url)) void openExternal(url).catch(() => undefined);
  };
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openIfWeb(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfWeb(url);
    return { action: 'deny' };
  });
}

export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
