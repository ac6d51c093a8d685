import type { BridgeTransport } from '../../../shared/ipc/bridge';
import type {
  Channel,
  DownloadChannel,
  EventName,
  UploadChannel,
} from '../../../shared/ipc/contract';
import { isIpcError, type IpcError, type IpcResult } from '../../../shared/ipc/errors';

export const TOKEN_HEADER = 'x-wordbench-token';
/** Must match the web host's header for an upload's JSON input. */
const INPUT_HEADER = 'x-wordbench-input';

export const MISSING_TOKEN_MESSAGE =
  'This page was opened without its access token. Open the address printed by `npm start`.';

const REOPEN_HINT = 'Open the address printed by `npm start` (or `npm run web`) again.';

function fail(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'value' in value;
  return value.ok === false && 'error' in value && isIpcError(value.error);
}

/** The host's own words for a refusal, when its body carries them (`{message}` or an IpcError). */
async function readHostMessage(response: Response): Promise<Partial<IpcError>> {
  try {
    const body: unknown = await response.json();
    if (isIpcResult(body) && !body.ok) return body.error;
    if (isIpcError(body)) return body;
    if (typeof body === 'object' && body !== null && 'message' in body) {
      if (typeof body.message === 'string') return { message: body.message };
    }
  } catch {
    // Not JSON: the status alone has to explain it.
  }
  return {};
}

/** Turns a non-200 answer from the web host into words. */
async function statusError(response: Response): Promise<IpcError> {
  const { status } = response;
  if (status === 401) {
    return {
      code: 'unauthorized',
      status,
      message:
        'The web host did not accept this page’s access token. Each launch has its own token, so this page may be from an earlier launch.',
      hint: REOPEN_HINT,
    };
  }
  const fromHost = await readHostMessage(response);
  if (status === 403 || status === 421) {
    return {
      code: 'forbidden-sender',
      status,
      message: fromHost.message ?? `The web host refused this request (HTTP ${status}).`,
      hint: 'Open Wordbench through the address printed by `npm start`, on 127.0.0.1.',
    };
  }
  if (status >= 500) {
    return {
      code: fromHost.code ?? 'server',
      status,
      message: fromHost.message ?? `The web host failed while answering (HTTP ${status}).`,
      hint: fromHost.hint ?? 'Check the terminal where Wordbench runs for details, then try again.',
    };
  }
  return {
    code: fromHost.code ?? (status === 413 ? 'payload-too-large' : 'bad-request'),
    status,
    message:
      fromHost.message ?? `The web host answered with an unexpected status (HTTP ${status}).`,
    ...(fromHost.hint ? { hint: fromHost.hint } : {}),
  };
}

const NETWORK_ERROR: IpcError = {
  code: 'network',
  message: 'The Wordbench web host could not be reached.',
  hint: 'Check that `npm start` (or `npm run web`) is still running, then reload this page.',
};

async function post(
  token: string | null,
  channel: Channel,
  path: string,
  init: { headers: Record<string, string>; body: BodyInit; signal?: AbortSignal },
): Promise<IpcResult<unknown>> {
  if (!token) return fail({ code: 'unauthorized', message: MISSING_TOKEN_MESSAGE });
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { ...init.headers, [TOKEN_HEADER]: token },
      body: init.body,
      cache: 'no-store',
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    if (init.signal?.aborted) {
      return fail({ code: 'network', message: `${channel} was cancelled.` });
    }
    return fail(NETWORK_ERROR);
  }
  if (response.status !== 200) return fail(await statusError(response));
  try {
    const body: unknown = await response.json();
    if (isIpcResult(body)) return body;
  } catch {
    // Falls through to the error below.
  }
  return fail({
    code: 'internal',
    message: `The web host sent an answer to ${channel} that this page could not read.`,
  });
}

/**
 * The web host's transport: one `POST /ipc/<channel>` per call with the per-launch token in a
 * header, and one EventSource (`/events`) shared by every subscription for the pushes.
 */
export function createWebTransport(token: string | null): BridgeTransport {
  let events: EventSource | null = null;
  let listenerCount = 0;
  // Running uploads by id, so a cancel also stops the browser from sending the rest.
  const uploads = new Map<string, AbortController>();

  return {
    invoke(channel: Channel, input: unknown) {
      if (channel === 'uploads:cancel') {
        const { uploadId } = (input ?? {}) as { uploadId?: unknown };
        if (typeof uploadId === 'string') uploads.get(uploadId)?.abort();
      }
      return post(token, channel, `/ipc/${encodeURIComponent(channel)}`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
    },

    // The file's bytes stream as the request body; the JSON input rides in a header.
    async upload(channel: UploadChannel, input: Record<string, unknown>, file: Blob) {
      const uploadId = typeof input.uploadId === 'string' ? input.uploadId : '';
      const controller = new AbortController();
      if (uploadId) uploads.set(uploadId, controller);
      try {
        return await post(token, channel, `/stream/${encodeURIComponent(channel)}`, {
          headers: {
            'content-type': 'application/octet-stream',
            [INPUT_HEADER]: encodeURIComponent(JSON.stringify(input)),
          },
          body: file,
          signal: controller.signal,
        });
      } finally {
        if (uploads.get(uploadId) === controller) uploads.delete(uploadId);
      }
    },

    // A plain browser download of the web host's answer, named by its Content-Disposition.
    async download(channel: DownloadChannel, input: unknown) {
      if (!token) return fail({ code: 'unauthorized', message: MISSING_TOKEN_MESSAGE });
      const query = new URLSearchParams({ token, input: JSON.stringify(input ?? {}) });
      const link = document.createElement('a');
      link.href = `/stream/${encodeURIComponent(channel)}?${query.toString()}`;
      link.download = '';
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      return { ok: true, value: { delivered: true } };
    },

    subscribe(event: EventName, listener: (payload: unknown) => void) {
      if (!token) return () => {};
      events ??= new EventSource(`/events?token=${encodeURIComponent(token)}`);
      const source = events;
      const handler = (message: MessageEvent<string>) => {
        let payload: unknown;
        try {
          payload = JSON.parse(message.data);
        } catch {
          return;
        }
        listener(payload);
      };
      source.addEventListener(event, handler);
      listenerCount += 1;
      return () => {
        source.removeEventListener(event, handler);
        listenerCount -= 1;
        if (listenerCount === 0 && events === source) {
          source.close();
          events = null;
        }
      };
    },
  };
}
