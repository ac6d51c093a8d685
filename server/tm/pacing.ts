import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TmIndex } from './types';

/**
 * Feeding and building an index without holding the event loop (issue 13: no more than 50 ms at
 * a time, while a million units load): the owner reads and adds units `inPacedSlices` and builds
 * the lists with `buildInTurns`, a turn of the event loop after each slice or step.
 */

/**
 * Rows per slice of a load, sized by how long the last slice took to read and add: about
 * `targetMs` each. The first slice is small (the code is not compiled yet, and the machine may
 * be busy); a slice grows at most twice as large as the last.
 */
class SlicePacer {
  size: number;

  constructor(
    private readonly max: number,
    private readonly targetMs = 8,
    first = Math.min(max, 250),
  ) {
    this.size = first;
  }

  /** The last slice of `size` rows took `elapsedMs`: sizes the next. */
  took(elapsedMs: number): void {
    const fitting = Math.floor((this.size * this.targetMs) / Math.max(elapsedMs, 0.1));
    this.size = Math.max(Math.min(fitting, this.size * 2, this.max), Math.min(this.max, 50));
  }
}

/**
 * Calls `slice(size)` (read and add up to `size` rows; true when there may be more) with sizes a
 * `SlicePacer` of at most `max` gives, a turn of the event loop after each, until it answers
 * false.
 */
export async function inPacedSlices(
  max: number,
  slice: (size: number) => Promise<boolean>,
): Promise<void> {
  const pacer = new SlicePacer(max);
  for (;;) {
    const started = performance.now();
    const more = await slice(pacer.size);
    if (!more) return;
    pacer.took(performance.now() - started);
    await nextTurn();
  }
}

/**
 * Runs the index's pending build a step of `stepMs` per turn of the event loop until none is
 * pending (`buildStep` answers true) or `goOn` answers false, then yields once more, so that
 * what waited for the build (a query) does not run in the same turn as its last step. An index
 * without steps builds at once.
 */
export async function buildInTurns(
  index: TmIndex,
  stepMs: number,
  goOn: () => boolean,
): Promise<void> {
  if (!index.buildStep) return index.prepare?.();
  while (goOn() && !index.buildStep(stepMs)) await nextTurn();
  await nextTurn();
}
