import { createBridge, type Bridge } from '../../../shared/ipc/bridge';
import { takeAccessToken } from './access-token';
import { createWebTransport } from './web-transport';

declare global {
  interface Window {
    /** Set by the Electron preload; in a browser the web transport provides it. */
    wordbench?: Bridge;
  }
}

let bridge: Bridge | undefined;
let isDesktop = false;

/**
 * The one way the renderer reaches the app: the preload's `window.wordbench` in Electron, or the
 * same bridge over the web host's HTTP channels in a browser. Call it once at start-up so the
 * access token leaves the address bar before anything renders.
 */
export function getBridge(): Bridge {
  if (!bridge) {
    isDesktop = window.wordbench !== undefined;
    bridge = window.wordbench ?? createBridge(createWebTransport(takeAccessToken()));
    // In a browser, expose it where the preload would have put it (devtools, e2e).
    window.wordbench ??= bridge;
  }
  return bridge;
}

/** True in the desktop app (the preload gave the bridge), false in a browser. */
export function isDesktopHost(): boolean {
  getBridge();
  return isDesktop;
}
