import { describe, expect, it } from 'vitest';
import type { ExtractedSegment } from '../formats/documents';
import { BATCH, FillQueue } from './fill-queue';
import type { StoredTarget } from './translation-row';

const segment = (index: number, target: string | null = null, isFuzzy = false) =>
  ({
    index,
    source: `s${index}`,
    target,
    contextKey: null,
    note: null,
    isFuzzy,
  }) as ExtractedSegment;

/** A fill that answers when the test says so, recording what it was given. */
function controlledFill() {
  const calls: { batch: number[]; seen: number; answer: () => void; fail: (e: Error) => void }[] =
    [];
  const fill = (segments: readonly ExtractedSegment[], batch: number[]) =>
    new Promise<StoredTarget[]>((resolve, reject) => {
      const targets = batch.map((idx) => ({
        idx,
        target: `t${idx}`,
        origin: 'mt' as const,
        score: null,
      }));
      calls.push({ batch, seen: segments.length, answer: () => resolve(targets), fail: reject });
    });
  return { calls, fill };
}

const NEIGHBOURS = { readsNeighbours: true };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FillQueue', () => {
  it('starts batches as segments are read, each once its next neighbour is there', async () => {
    const { calls, fill } = controlledFill();
    const queue = new FillQueue(new Set(), fill, NEIGHBOURS);
    const segments: ExtractedSegment[] = [];
    for (let i = 0; i < BATCH; i++) segments.push(segment(i));
    queue.add(segments);
    // The last segment read waits for the one after it (the TM pass reads both neighbours).
    expect(calls).toHaveLength(0);
    segments.push(segment(BATCH));
    queue.add(segments);
    expect(calls.map((c) => [c.batch.length, c.batch[0], c.seen])).toEqual([[BATCH, 0, BATCH + 1]]);
    for (let i = BATCH + 1; i < 2 * BATCH + 10; i++) segments.push(segment(i));
    queue.add(segments, true);
    expect(calls.map((c) => c.batch.length)).toEqual([BATCH, BATCH]);
    expect(queue.pending).toBe(2 * BATCH + 10);
  });

  it('without the TM pass, starts a batch as soon as its last segment is read', () => {
    const { calls, fill } = controlledFill();
    const queue = new FillQueue(new Set(), fill, { readsNeighbours: false });
    queue.add(Array.from({ length: BATCH }, (_, i) => segment(i)));
    expect(calls.map((c) => [c.batch.length, c.seen])).toEqual([[BATCH, BATCH]]);
  });

  it('keeps two batches in the engine and hands them over in document order', async () => {
    const { calls, fill } = controlledFill();
    const queue = new FillQueue(new Set(), fill, NEIGHBOURS);
    const segments = Array.from({ length: 3 * BATCH + 1 }, (_, i) => segment(i));
    queue.add(segments, true);
    expect(calls).toHaveLength(2);
    // The second ends first: a third starts, but the first is still handed over first.
    calls[1]!.answer();
    await tick();
    expect(calls).toHaveLength(3);
    const first = queue.next();
    calls[0]!.answer();
    expect((await first)!.batch[0]).toBe(0);
    expect((await queue.next())!.batch[0]).toBe(BATCH);
    await tick();
    expect(calls).toHaveLength(4);
    calls[2]!.answer();
    calls[3]!.answer();
    expect((await queue.next())!.batch[0]).toBe(2 * BATCH);
    expect((await queue.next())!.batch).toEqual([3 * BATCH]);
    expect(await queue.next()).toBeNull();
  });

  it('skips stored segments and final translations in the file, not fuzzy ones', async () => {
    const { calls, fill } = controlledFill();
    const queue = new FillQueue(new Set([1]), fill, NEIGHBOURS);
    queue.add(
      [segment(0), segment(1), segment(2, 'Hecho.'), segment(3, 'Casi.', true), segment(4, '')],
      true,
    );
    expect(calls.map((c) => c.batch)).toEqual([[0, 3, 4]]);
    expect(queue.pending).toBe(3);
  });

  it('hands over a failure in its turn, and starts nothing after stop', async () => {
    const { calls, fill } = controlledFill();
    const queue = new FillQueue(new Set(), fill, NEIGHBOURS);
    queue.add(
      Array.from({ length: 4 * BATCH }, (_, i) => segment(i)),
      true,
    );
    calls[0]!.fail(new Error('no engine'));
    await expect(queue.next()).rejects.toThrow('no engine');
    // The failed batch's place went to the next one before anyone looked at the failure.
    expect(calls).toHaveLength(3);
    queue.stop();
    calls[1]!.answer();
    await tick();
    expect(calls).toHaveLength(3);
  });

  it('answers null at once for a file with nothing to fill', async () => {
    const queue = new FillQueue(new Set(), controlledFill().fill, NEIGHBOURS);
    queue.add([], true);
    expect(await queue.next()).toBeNull();
  });
});
