// @vitest-environment jsdom
// jsdom: downloads go through a link in the document.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MISSING_TOKEN_MESSAGE, TOKEN_HEADER, createWebTransport } from './web-transport';

// The browser is the seam here: fetch answers as the web host would, EventSource is a fake.
const fetchMock = vi.fn<(path: string, init: RequestInit) => Promise<Response>>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<(message: { data: string }) => void>>();
  isClosed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(event: string, listener: (message: { data: string }) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
  }
  removeEventListener(event: string, listener: (message: { data: string }) => void) {
    this.listeners.get(event)?.delete(listener);
  }
  close() {
    this.isClosed = true;
  }
  push(event: string, data: string) {
    for (const listener of this.listeners.get(event) ?? []) listener({ data });
  }
}

beforeEach(() => {
  fetchMock.mockReset();
  FakeEventSource.opened = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createWebTransport: calls', () => {
  it('posts the input to /ipc/<channel> with the token and answers the host’s result', async () => {
    fetchMock.mockResolvedValue(json({ ok: true, value: [{ id: 1 }] }));
    const result = await createWebTransport('secret').invoke('projects:list', { archived: false });
    expect(result).toEqual({ ok: true, value: [{ id: 1 }] });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/ipc/projects%3Alist');
    expect(init).toMatchObject({ method: 'POST', body: '{"archived":false}', cache: 'no-store' });
    expect(init?.headers).toMatchObject({
      'content-type': 'application/json',
      [TOKEN_HEADER]: 'secret',
    });
  });

  it('does not call without a token', async () => {
    const result = await createWebTransport(null).invoke('projects:list', {});
    expect(result).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: MISSING_TOKEN_MESSAGE },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the host could not be reached when fetch fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await createWebTransport('secret').invoke('projects:list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('explains a token the host no longer accepts', async () => {
    fetchMock.mockResolvedValue(json({ message: 'bad token' }, 401));
    const result = await createWebTransport('old').invoke('projects:list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } });
    expect(result.ok ? '' : result.error.hint).toContain('npm start');
  });

  it('keeps the host’s own error for a failure on its side', async () => {
    const error = { code: 'timeout', message: 'The API did not answer', hint: 'Try again' };
    fetchMock.mockResolvedValue(json({ ok: false, error }, 502));
    const result = await createWebTransport('secret').invoke('projects:list', {});
    expect(result).toEqual({ ok: false, error: { ...error, status: 502 } });
  });

  it('names a refusal by its status when the body says nothing', async () => {
    fetchMock.mockResolvedValue(new Response('too large', { status: 413 }));
    const tooLarge = await createWebTransport('secret').invoke('projects:list', {});
    expect(tooLarge).toMatchObject({
      ok: false,
      error: { code: 'payload-too-large', status: 413 },
    });
    fetchMock.mockResolvedValue(json({ message: 'Not from this origin' }, 403));
    const forbidden = await createWebTransport('secret').invoke('projects:list', {});
    expect(forbidden).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender', status: 403, message: 'Not from this origin' },
    });
  });

  it('refuses an answer that is not a result', async () => {
    fetchMock.mockResolvedValue(json({ projects: [] }));
    const result = await createWebTransport('secret').invoke('projects:list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('createWebTransport: uploads and downloads', () => {
  it('streams the file as the body, with the input in a header', async () => {
    fetchMock.mockResolvedValue(json({ ok: true, value: { id: 4 } }));
    const file = new Blob(['hello']);
    const input = { uploadId: 'u1', name: 'Read me.txt' };
    await createWebTransport('secret').upload('files:upload', input, file);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/stream/files%3Aupload');
    expect(init?.body).toBe(file);
    const headers = init?.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/octet-stream');
    expect(JSON.parse(decodeURIComponent(headers['x-wordbench-input'] ?? ''))).toEqual(input);
  });

  it('stops the browser sending when the upload is cancelled', async () => {
    // The host would keep reading; here fetch ends only when its signal aborts.
    fetchMock.mockImplementation((path, init) =>
      path.startsWith('/stream/')
        ? new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          )
        : Promise.resolve(json({ ok: true, value: { cancelled: true } })),
    );
    const transport = createWebTransport('secret');
    const upload = transport.upload('files:upload', { uploadId: 'u2', name: 'a.txt' }, new Blob());
    await transport.invoke('uploads:cancel', { uploadId: 'u2' });
    expect(await upload).toEqual({
      ok: false,
      error: { code: 'network', message: 'files:upload was cancelled.' },
    });
  });

  it('downloads through a link carrying the token and the input', async () => {
    const clicked: string[] = [];
    const onClick = (event: MouseEvent) => {
      // jsdom does not navigate; keep the address the browser would have opened.
      event.preventDefault();
      clicked.push((event.target as HTMLAnchorElement).href);
    };
    document.addEventListener('click', onClick);
    const result = await createWebTransport('secret').download('files:download', { id: 9 });
    document.removeEventListener('click', onClick);
    expect(result).toEqual({ ok: true, value: { delivered: true } });
    const url = new URL(clicked[0] ?? '');
    expect(url.pathname).toBe('/stream/files%3Adownload');
    expect(url.searchParams.get('token')).toBe('secret');
    expect(url.searchParams.get('input')).toBe('{"id":9}');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

describe('createWebTransport: pushes', () => {
  it('shares one event stream and closes it after the last listener', () => {
    const transport = createWebTransport('a b');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = transport.subscribe('uploads:progress', first);
    const stopSecond = transport.subscribe('uploads:progress', second);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/events?token=a%20b']);
    const [source] = FakeEventSource.opened;
    source?.push('uploads:progress', '{"uploadId":"u1","sentBytes":5,"totalBytes":10}');
    source?.push('uploads:progress', 'not json');
    expect(first).toHaveBeenCalledExactlyOnceWith({ uploadId: 'u1', sentBytes: 5, totalBytes: 10 });
    expect(second).toHaveBeenCalledOnce();
    stopFirst();
    expect(source?.isClosed).toBe(false);
    stopSecond();
    expect(source?.isClosed).toBe(true);
  });

  it('opens no stream without a token', () => {
    createWebTransport(null).subscribe('uploads:progress', vi.fn())();
    expect(FakeEventSource.opened).toEqual([]);
  });
});
