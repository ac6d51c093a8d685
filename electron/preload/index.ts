import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../../shared/ipc/bridge';
import { eventNames, type Channel, type EventName } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';

// One method per contract channel; there is deliberately no generic invoke(channel).
const bridge = createBridge({
  invoke: (channel: Channel, input: unknown) =>
    ipcRenderer.invoke(channel, input) as Promise<IpcResult<unknown>>,
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
