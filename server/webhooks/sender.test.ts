import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from './receiver-test-support';
import { sendWebhook, type WebhookMessage } from './sender';

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});
async function receiver() {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const message = (url: string): WebhookMessage => ({
  url,
  secret,
  messageId: 'msg_test1',
  body: JSON.stringify({ type: 'PROJECT_UPDATE', timestamp: new Date().toISOString(), data: {} }),
});

describe('sendWebhook', () => {
  it('POSTs the exact body with Standard Webhooks headers that verify', async () => {
    const target = await receiver();
    const sent = message(target.url);
    const result = await sendWebhook(sent, { version: '1.2.3' });
    expect(result).toMatchObject({ status: 200, error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [got] = target.requests;
    expect(got).toMatchObject({ method: 'POST', path: '/hook', body: sent.body });
    expect(got!.headers).toMatchObject({
      'webhook-id': 'msg_test1',
      'content-type': 'application/json',
      'user-agent': 'Wordbench-Webhooks/1.2.3',
    });
    const headers = got!.headers as Record<string, string>;
    // The library's own verification...
    expect(new Webhook(secret).verify(got!.body, headers)).toEqual(JSON.parse(sent.body));
    // ...and the scheme computed by hand: HMAC-SHA256 of id.timestamp.body, key after whsec_.
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${got!.body}`;
    const expected = createHmac('sha256', key).update(signed).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(Number(headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
  });

  it('fails on a non-2xx with the status and the start of the body', async () => {
    const target = await receiver();
    target.respond(() => ({ status: 503, body: 'busy,\n try later' }));
    const result = await sendWebhook(message(target.url));
    expect(result).toMatchObject({ status: 503, error: 'HTTP 503: busy, try later' });
  });

  it('does not follow a redirect and says so', async () => {
    const target = await receiver();
    const elsewhere = await receiver();
    target.respond(() => ({ status: 307, location: elsewhere.url }));
    const result = await sendWebhook(message(target.url));
    expect(result.status).toBe(307);
    expect(result.error).toBe(`redirect not followed (HTTP 307 to ${elsewhere.url})`);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('times out a receiver that never answers', async () => {
    const target = await receiver();
    target.respond(() => ({ hang: true }));
    const result = await sendWebhook(message(target.url), { timeoutMs: 200 });
    expect(result).toMatchObject({ status: null, error: 'timed out after 0.2 s' });
    expect(target.requests).toHaveLength(1);
  });

  it('reads at most 4 KiB of an endless answer', async () => {
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200);
      const chunk = Buffer.alloc(1024, 'x');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await sendWebhook(message(`http://127.0.0.1:${port}/`), { timeoutMs: 10_000 });
      expect(result).toMatchObject({ status: 200, error: null });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('reports a refused connection and a URL that is not http(s)', async () => {
    const target = await receiver();
    const url = target.url;
    await target.close();
    receivers.pop();
    const refused = await sendWebhook(message(url));
    expect(refused.status).toBeNull();
    expect(refused.error).toMatch(/ECONNREFUSED/);
    const ftp = await sendWebhook(message('ftp://127.0.0.1/x'));
    expect(ftp).toMatchObject({ status: null, error: 'not an http(s) URL: ftp:' });
  });

  it('stops at once when aborted', async () => {
    const target = await receiver();
    target.respond(() => ({ hang: true }));
    const controller = new AbortController();
    const sending = sendWebhook(message(target.url), { signal: controller.signal });
    await target.waitFor(1);
    controller.abort();
    const result = await sending;
    expect(result).toMatchObject({ status: null, error: 'aborted: the server is stopping' });
  });
});
