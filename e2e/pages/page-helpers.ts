import { expect, type Page } from '@playwright/test';

/** A CSS attribute selector for an exact value (names may hold quotes or spaces). */
export const attribute = (name: string, value: string) => `[${name}=${JSON.stringify(value)}]`;

/** A file to drop: its text, or `size` zero bytes. */
export interface DroppedFile {
  name: string;
  text?: string;
  size?: number;
}

/** What the drop helper touches in the page (the e2e code compiles without the DOM library). */
interface DropGlobals {
  document: { querySelector(selector: string): { dispatchEvent(event: unknown): boolean } | null };
  DataTransfer: new () => { items: { add(file: unknown): unknown } };
  File: new (parts: unknown[], name: string, options?: { type?: string }) => unknown;
  DragEvent: new (
    type: string,
    init: { bubbles: boolean; cancelable: boolean; dataTransfer: unknown },
  ) => unknown;
}

/** Drops files on the element with this test id, as a user dragging them from the desktop. */
export async function dropFiles(
  page: Page,
  testId: string,
  files: readonly DroppedFile[],
  mimeType?: string,
): Promise<void> {
  const isDropped = await page.evaluate(
    ({ testId, specs, mimeType }) => {
      const g = globalThis as unknown as DropGlobals;
      const zone = g.document.querySelector(`[data-testid="${testId}"]`);
      if (!zone) return false;
      const data = new g.DataTransfer();
      for (const spec of specs) {
        const parts = spec.text !== undefined ? [spec.text] : [new Uint8Array(spec.size ?? 0)];
        data.items.add(new g.File(parts, spec.name, mimeType ? { type: mimeType } : {}));
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(
          new g.DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }),
        );
      }
      return true;
    },
    { testId, specs: files, mimeType },
  );
  expect(isDropped, `the drop zone ${testId} is in the page`).toBe(true);
}
