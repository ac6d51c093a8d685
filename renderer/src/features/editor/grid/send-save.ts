import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import { getBridge } from '../../../bridge';
import { isTransientError } from '../../../bridge/ipc-errors';
import {
  connectionIdentity,
  retryDelayMs,
  useWaitingSaves,
  type WaitingSave,
} from './waiting-saves';

/**
 * Sends one save and ends only with the server's answer: the saved segment, or a refusal that
 * sending again cannot fix (400, 404, 409...). While the server cannot be reached (restarting,
 * network, 5xx, 429) the save waits in `useWaitingSaves`, which outlives a reload, and is sent
 * again: after a growing pause, or at once when the host says the server is back. Waiting saves
 * go one at a time, oldest first, so the server gets them in the order they were made.
 */
export async function sendSave(
  documentId: number,
  input: SegmentUpdateParameters,
  alreadyWaiting: WaitingSave | null = null,
): Promise<Segment> {
  const { add, remove } = useWaitingSaves.getState();
  let waiting = alreadyWaiting;
  // Others wait already: this one queues behind them rather than overtaking them.
  if (waiting === null && useWaitingSaves.getState().saves.length > 0) {
    waiting = add({ documentId, input, connection: await currentServer() });
  }
  for (let failures = 0; ;) {
    if (waiting !== null && !(await isTurnOf(waiting))) {
      await nextAttempt(0, waiting.key);
      continue;
    }
    try {
      const segment = await getBridge().segments.update(input);
      if (waiting) remove(waiting.key);
      return segment;
    } catch (error) {
      if (!isTransientError(error)) {
        if (waiting) remove(waiting.key);
        throw error;
      }
    }
    waiting ??= add({ documentId, input, connection: await currentServer() });
    await nextAttempt(failures, waiting.key);
    failures += 1;
  }
}

/** The server calls go to now, or null when the host itself cannot say. */
async function currentServer(): Promise<string | null> {
  try {
    return connectionIdentity(await getBridge().settings.getConnection());
  } catch {
    return null;
  }
}

/**
 * True when `waiting` is the oldest save for the server calls go to now. A save made for another
 * server (the connection was switched) is kept and never sent here, nor does it hold others up.
 */
async function isTurnOf(waiting: WaitingSave): Promise<boolean> {
  const server = await currentServer();
  // The host cannot say (it is down too): sending tells, and fails the same way if nothing answers.
  const isHere = (save: WaitingSave) =>
    save.connection === null || server === null || save.connection === server;
  if (!isHere(waiting)) return false;
  return useWaitingSaves.getState().saves.find(isHere)?.key === waiting.key;
}

/**
 * Resolves after the pause for `failures`, or sooner: when the host reports the server is up, or
 * when the save `key` becomes the oldest one waiting (the one before it was answered).
 */
function nextAttempt(failures: number, key: string): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      stopWatchingTurn();
      resolve();
    };
    const timer = setTimeout(done, retryDelayMs(failures));
    const stopWatchingTurn = useWaitingSaves.subscribe((state, before) => {
      if (state.saves[0]?.key === key && before.saves[0]?.key !== key) done();
    });
    try {
      unsubscribe = getBridge().on('connection:changed', (state) => {
        if (state.mode === 'remote' || state.embedded.state === 'running') done();
      });
    } catch {
      // A bridge without pushes: the pause alone decides.
    }
  });
}
