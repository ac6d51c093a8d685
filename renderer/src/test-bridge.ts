import { vi, type Mock } from 'vitest';
import { createBridge } from '../../shared/ipc/bridge';
import type { IpcResult } from '../../shared/ipc/errors';

type Call = (channel: string, input: unknown) => Promise<IpcResult<unknown>>;

/**
 * For component tests: the page's own bridge (the seam to Electron) over a transport that answers
 * in the test. Answer `invoke` (and `download`, when given) with mockResolvedValue and friends;
 * uploads are refused and nothing is pushed.
 */
export function installTestBridge(parts: { download?: Call } = {}): Mock<Call> {
  const invoke = vi.fn<Call>();
  window.wordbench = createBridge({
    invoke,
    upload: () => Promise.reject(new Error('no uploads here')),
    download: parts.download ?? (() => Promise.reject(new Error('no downloads here'))),
    subscribe: () => () => {},
  });
  return invoke;
}
