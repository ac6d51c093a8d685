import { describe, expect, it } from 'vitest';
import { channels, contract } from '../../../shared/ipc/contract';
import { STRING_FORMATS } from './string-formats';
import { createDispatcher, type Handlers } from './validated';

/** Every `format` a schema names, anywhere inside it. */
function formatsIn(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) formatsIn(item, found);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'format' && typeof value === 'string') found.add(value);
      else formatsIn(value, found);
    }
  }
  return found;
}

describe('string formats of the IPC contract', () => {
  it('has a check for every format a channel input names', () => {
    const used = new Set<string>();
    for (const channel of channels) formatsIn(contract[channel].input, used);
    expect([...used].filter((format) => !(format in STRING_FORMATS))).toEqual([]);
  });

  it('takes RFC 3339 date-times and nothing else', () => {
    const isDateTime = STRING_FORMATS['date-time']!;
    for (const value of [
      '2026-12-31T23:59:00Z',
      '2026-12-31T23:59:00.000Z',
      '2026-01-02T03:04:05+01:00',
    ])
      expect(isDateTime(value), value).toBe(true);
    for (const value of [
      '2026-12-31',
      'tomorrow',
      '2026-13-01T00:00:00Z',
      '2026-12-31T25:00:00Z',
      '',
    ])
      expect(isDateTime(value), value).toBe(false);
  });

  it('lets a job with a due date through to its handler', async () => {
    let received: unknown;
    const handlers = new Proxy(
      {},
      { get: () => async (input: unknown) => (received = input) },
    ) as Handlers;
    const input = {
      name: 'Manual',
      srcLang: 'en',
      srcLocale: 'US',
      fileIds: [1],
      due: '2026-12-31T17:00:00.000Z',
      languagePairs: [{ trgLang: 'es', memoryId: 1, dueDate: '2026-12-30T17:00:00.000Z' }],
    };
    const result = await createDispatcher(handlers)('jobs:create', input);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(received).toEqual(input);
  });
});
