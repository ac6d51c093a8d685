import { setImmediate as nextLoopTurn } from 'node:timers/promises';

/**
 * A queue that lets one waiter through per turn of the event loop, first come first served.
 *
 * Heavy synchronous handlers (the full project list: ~200 ms of SQLite reads and JSON for 10,000
 * projects) otherwise all run in the same poll phase when many requests arrive together: with 100
 * of them the loop is blocked for 20 s or more, no answer is flushed until every one is built, and
 * every other route (health, small queries, moves on the board) waits behind them. Awaiting `turn()`
 * first spreads them one per loop turn, so finished answers are written and other requests are
 * served in between. Throughput is the same; the first callers are answered first.
 */
export function createTurnQueue(): () => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  return () => {
    const turn = tail.then(() => nextLoopTurn());
    tail = turn;
    return turn;
  };
}
