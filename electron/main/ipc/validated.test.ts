import { describe, expect, it } from 'vitest';
import { channels } from '../../../shared/ipc/contract';
import type { ConnectionState } from '../../../shared/ipc/settings';
import { GatewayError } from '../gateway/gateway-error';
import { createDispatcher, type Handlers } from './validated';

const state: ConnectionState = {
  mode: 'embedded',
  baseUrl: null,
  commentsBaseUrl: null,
  caCertificates: null,
  hasApiKey: true,
  vault: { kind: 'encrypted' },
  embedded: { state: 'stopped' },
};

function recordingHandlers() {
  const calls: Array<[string, unknown]> = [];
  // Every channel answers the same connection state: these tests look at validation, not values.
  const handlers = Object.fromEntries(
    channels.map((channel) => [
      channel,
      async (input: unknown) => {
        calls.push([channel, input]);
        return state;
      },
    ]),
  ) as unknown as Handlers;
  return { handlers, calls };
}

describe('validated dispatch', () => {
  it('runs the handler for valid input', async () => {
    const { handlers, calls } = recordingHandlers();
    const dispatch = createDispatcher(handlers);
    const result = await dispatch('settings:set-api-key', { key: 'abc' });
    expect(result).toEqual({ ok: true, value: state });
    expect(calls).toEqual([['settings:set-api-key', { key: 'abc' }]]);
  });

  it.each([
    ['settings:set-api-key', {}, /key/],
    ['settings:set-api-key', { key: 42 }, /key/],
    ['settings:set-api-key', { key: '' }, /key/],
    ['settings:set-api-key', { key: 'has space' }, /key/],
    ['settings:set-api-key', { key: 'a', extra: true }, /extra|additional/i],
    ['settings:set-connection', { mode: 'remote', baseUrl: 'not a url' }, /invalid input/i],
    [
      'settings:set-connection',
      { mode: 'remote', baseUrl: 'file:///etc/passwd' },
      /invalid input/i,
    ],
    ['settings:set-connection', { mode: 'cloud' }, /invalid input/i],
    ['languages:list', 'not an object', /invalid input/i],
    ['languages:list', null, /invalid input/i],
    [
      'comments:create',
      { document_id: 1, segment_id: 1, text: 'x', annotations: [{ text: 'a', extra: 1 }] },
      /annotations|additional|invalid input/i,
    ],
  ])('refuses %s with %j before the handler runs', async (channel, input, message) => {
    const { handlers, calls } = recordingHandlers();
    const result = await createDispatcher(handlers)(channel, input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('invalid-input');
    expect(!result.ok && result.error.message).toMatch(message);
    expect(calls).toEqual([]);
  });

  it('refuses a channel that is not in the contract', async () => {
    const { handlers, calls } = recordingHandlers();
    const result = await createDispatcher(handlers)('settings:get-api-key', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect(calls).toEqual([]);
  });

  it('passes a gateway error through with its status and hint', async () => {
    const { handlers } = recordingHandlers();
    handlers['languages:list'] = async () => {
      throw new GatewayError({ code: 'unauthorized', status: 401, message: 'no', hint: 'fix it' });
    };
    expect(await createDispatcher(handlers)('languages:list', {})).toEqual({
      ok: false,
      error: { code: 'unauthorized', status: 401, message: 'no', hint: 'fix it' },
    });
  });

  it('turns an unexpected failure into an internal error and logs it', async () => {
    const { handlers } = recordingHandlers();
    handlers['app:get-info'] = async () => {
      throw new Error('boom');
    };
    const logged: unknown[] = [];
    const result = await createDispatcher(handlers, (error) => logged.push(error))(
      'app:get-info',
      {},
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(logged).toHaveLength(1);
  });
});
