import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turns';

describe('createTurnQueue', () => {
  it('lets waiters through first come first served, one per event loop turn', async () => {
    const turn = createTurnQueue();
    const log: string[] = [];
    const first = turn().then(() => {
      log.push('first');
      // Work the first one started (an answer being written) gets a turn before the second.
      setImmediate(() => log.push('io'));
    });
    const second = turn().then(() => log.push('second'));
    const third = turn().then(() => log.push('third'));
    await Promise.all([third, second, first]);
    expect(log).toEqual(['first', 'io', 'second', 'third']);
  });

  it('keeps going after a waiter fails', async () => {
    const turn = createTurnQueue();
    await expect(
      turn().then(() => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    await expect(turn()).resolves.toBeUndefined();
  });
});
