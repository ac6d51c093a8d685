import { channels } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/errors';
import type { Dispatch } from './validated';

/** The parts of Electron's IpcMainInvokeEvent the sender check reads. */
export interface IpcEventLike {
  senderFrame: { url: string; parent: unknown } | null;
}

/** The part of Electron's `ipcMain` the registration uses (a fake in tests). */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcEventLike, input: unknown) => Promise<unknown>,
  ): void;
}

/**
 * Registers every contract channel exactly once. Before the schema check and the handler, the
 * sender must be the top frame of our own renderer: a subframe or a page that navigated elsewhere
 * gets nothing.
 */
export function registerChannels(
  ipcMain: IpcMainLike,
  dispatch: Dispatch,
  isTrustedSender: (event: IpcEventLike) => boolean,
): void {
  for (const channel of channels) {
    ipcMain.handle(channel, async (event, input): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: {
            code: 'forbidden-sender',
            message: `Refused ${channel} from an untrusted frame.`,
          },
        };
      }
      return dispatch(channel, input);
    });
  }
}

/** True when the call comes from the top frame of the page at `rendererUrl` (any hash route). */
export function isOwnTopFrame(event: IpcEventLike, rendererUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return stripHash(frame.url) === stripHash(rendererUrl);
}

function stripHash(url: string): string {
  const index = url.indexOf('#');
  return index === -1 ? url : url.slice(0, index);
}
