import type { Bridge } from '../shared/ipc/bridge';

interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}

/**
 * What the specs touch inside the page. The e2e code compiles without the DOM library (it runs in
 * Node), so functions passed to `page.evaluate` cast `globalThis` to this.
 */
export interface BrowserGlobals {
  wordbench: Bridge;
  localStorage: StorageLike;
  sessionStorage: StorageLike;
  indexedDB: { databases(): Promise<{ name?: string }[]> };
  document: { cookie: string; querySelectorAll(selector: string): ArrayLike<{ value: string }> };
  location: { href: string };
  /** Pushes recorded by `recordPushes`. */
  recordedPushes?: string[];
}
