import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from '../../shared/ipc/bridge';
import { eventNames, type Channel, type EventName } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';

const invoke = (channel: Channel, input: unknown) =>
  ipcRenderer.invoke(channel, input) as Promise<IpcResult<unknown>>;

// One method per contract channel; there is deliberately no generic invoke(channel).
const bridge = createBridge({
  invoke,
  // The main process streams the file from disk. Its path comes from the File object the user
  // dropped or picked, never from a string the page could choose.
  async upload(channel, input, file) {
    const path = file instanceof File ? webUtils.getPathForFile(file) : '';
    if (!path) {
      return {
        ok: false,
        error: {
          code: 'invalid-input',
          message: 'This file is not on disk (was it dragged from another application?).',
          hint: 'Save it to a folder first, then drop it here.',
        },
      };
    }
    return invoke(channel, { ...input, path });
  },
  download: (channel, input) => invoke(channel, input),
  subscribe(event: EventName, listener: (payload: unknown) => void) {
    if (!eventNames.includes(event)) throw new Error(`Unknown event "${event}".`);
    const forward = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
});

contextBridge.exposeInMainWorld('wordbench', bridge);
