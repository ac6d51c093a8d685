import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_KEY } from '../test-support';
import { redactKey } from './logging';

describe('request logging', () => {
  it('redacts every key query parameter', () => {
    expect(redactKey('/v2/files?key=abc&id=1')).toBe('/v2/files?key=[redacted]&id=1');
    expect(redactKey('/x?id=1&KEY=abc')).toBe('/x?id=1&KEY=[redacted]');
    expect(redactKey('/x?monkey=1')).toBe('/x?monkey=1');
  });

  it('never writes the API key to the log', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const t = await createTestApp({ logger: { level: 'info', stream } });
    await t.app.inject({ url: `/v2/languages?key=${TEST_KEY}` });
    await t.close();
    expect(logs).toContain('key=[redacted]');
    expect(logs).not.toContain(TEST_KEY);
  });
});
