import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { isDownloadChannel, isUploadChannel } from '../../shared/ipc/bridge';
import type { IpcResult } from '../../shared/ipc/errors';
import type { Dispatch } from '../main/ipc/validated';
import { safeFileName } from '../main/save-download';
import { SECURITY_HEADERS } from './static-files';

export const INPUT_HEADER = 'x-wordbench-input';

const refuse = (message: string): IpcResult<never> => ({
  ok: false,
  error: { code: 'invalid-input', message },
});

/**
 * `POST /stream/<upload channel>`: the JSON input travels URI-encoded in a header and the body is
 * the file's bytes, streamed on to the API without being held in memory. A browser never names a
 * path on this machine: `path` is refused.
 */
export async function dispatchUpload(
  request: IncomingMessage,
  channel: string,
  dispatch: Dispatch,
): Promise<IpcResult<unknown>> {
  if (!isUploadChannel(channel)) return refuse(`${channel} does not take a file.`);
  const input = parseInput(request.headers[INPUT_HEADER]);
  if (input === undefined) return refuse(`Malformed ${INPUT_HEADER} header for ${channel}.`);
  if (typeof input === 'object' && input !== null && 'path' in input) {
    return refuse('A browser cannot upload a file by path; send its bytes.');
  }
  const declared = Number(request.headers['content-length']);
  const withSize =
    Number.isInteger(declared) && declared >= 0 && typeof input === 'object' && input !== null
      ? { size: declared, ...input }
      : input;
  return dispatch(channel, withSize, { body: request });
}

/**
 * `GET /stream/<download channel>?input=`: a plain browser download. The handler delivers the
 * bytes straight into this answer with the file's name; failures before that answer as JSON.
 */
export async function dispatchDownload(
  url: URL,
  channel: string,
  response: ServerResponse,
  dispatch: Dispatch,
): Promise<IpcResult<unknown>> {
  if (!isDownloadChannel(channel)) return refuse(`${channel} is not a download.`);
  const input = parseInput(url.searchParams.get('input') ?? '{}');
  if (input === undefined) return refuse(`Malformed input for ${channel}.`);
  return dispatch(channel, input, {
    async deliver({ name, size, body }) {
      response.writeHead(200, {
        ...SECURITY_HEADERS,
        'content-type': 'application/octet-stream',
        'content-disposition': contentDisposition(name),
        'cache-control': 'no-store',
        ...(size === undefined ? {} : { 'content-length': size }),
      });
      await pipeline(body, response);
      return { delivered: true };
    },
  });
}

function parseInput(raw: string | string[] | null | undefined): unknown {
  if (typeof raw !== 'string') return raw === undefined ? {} : undefined;
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

/** `attachment` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const ascii = safeFileName(name)
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
