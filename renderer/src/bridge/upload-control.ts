import { getBridge } from '.';

// The host knows an upload only once its request has arrived: a cancel asked earlier is repeated.
const CANCEL_RETRY_MS = 250;
const CANCEL_ATTEMPTS = 40;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `uploadId`: 32 hex characters (crypto.randomUUID needs a secure context; this does not). */
export function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Asks the host to stop an upload, again and again while `isRunning()` and the host does not know
 * it yet (about 10 s at most). True once the host has stopped sending; false when the upload's own
 * call ended first (its answer then says how) or the host never knew it.
 */
export async function requestUploadCancel(
  uploadId: string,
  isRunning: () => boolean,
): Promise<boolean> {
  for (let tries = 0; tries < CANCEL_ATTEMPTS && isRunning(); tries += 1) {
    try {
      const { cancelled } = await getBridge().uploads.cancel({ uploadId });
      if (cancelled) return true;
    } catch {
      // The upload's own answer says how it ended.
    }
    await delay(CANCEL_RETRY_MS);
  }
  return false;
}
