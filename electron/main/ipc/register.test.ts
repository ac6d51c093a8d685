import { describe, expect, it } from 'vitest';
import { channels } from '../../../shared/ipc/contract';
import { isOwnTopFrame, registerChannels, type IpcEventLike, type IpcMainLike } from './register';

const RENDERER = 'file:///app/out/renderer/index.html';

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcEventLike, input: unknown) => Promise<unknown>>();
  const registrations: string[] = [];
  const ipcMain: IpcMainLike = {
    handle(channel, listener) {
      registrations.push(channel);
      handlers.set(channel, listener);
    },
  };
  return { ipcMain, handlers, registrations };
}

describe('registerChannels', () => {
  it('registers every contract channel exactly once', () => {
    const { ipcMain, registrations } = fakeIpcMain();
    registerChannels(
      ipcMain,
      async () => ({ ok: true, value: null }),
      () => true,
    );
    expect([...registrations].sort()).toEqual([...channels].sort());
  });

  it('refuses untrusted senders before dispatching', async () => {
    const { ipcMain, handlers } = fakeIpcMain();
    const dispatched: string[] = [];
    registerChannels(
      ipcMain,
      async (channel) => {
        dispatched.push(channel);
        return { ok: true, value: null };
      },
      (event) => isOwnTopFrame(event, RENDERER),
    );
    const handler = handlers.get('languages:list')!;
    const foreign = await handler(
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      {},
    );
    const subframe = await handler({ senderFrame: { url: RENDERER, parent: {} } }, {});
    const gone = await handler({ senderFrame: null }, {});
    for (const result of [foreign, subframe, gone]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    }
    expect(dispatched).toEqual([]);
    await handler({ senderFrame: { url: `${RENDERER}#/settings`, parent: null } }, {});
    expect(dispatched).toEqual(['languages:list']);
  });
});
