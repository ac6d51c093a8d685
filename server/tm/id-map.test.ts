import { describe, expect, it } from 'vitest';
import { IdMap } from './id-map';

describe('IdMap', () => {
  it('behaves as a Map under random sets and deletes, large and negative ids included', () => {
    const map = new IdMap();
    const reference = new Map<number, number>();
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const ids = [
      0,
      -1,
      2 ** 40 + 7,
      2 ** 53 - 1,
      ...Array.from({ length: 3000 }, (_, i) => i * 17),
    ];
    for (let step = 0; step < 60_000; step++) {
      const id = ids[next() % ids.length]!;
      if (next() % 3 === 0) {
        expect(map.delete(id)).toBe(reference.delete(id));
      } else {
        const slot = next() % 1000;
        map.set(id, slot);
        reference.set(id, slot);
      }
      if (step % 5000 === 0) {
        for (const probe of ids) expect(map.get(probe)).toBe(reference.get(probe) ?? -1);
      }
    }
    expect(map.size).toBe(reference.size);
    for (const probe of ids) expect(map.get(probe)).toBe(reference.get(probe) ?? -1);
  });

  it('answers every id while it grows, as the ids move a few at a time', () => {
    const map = new IdMap();
    const reference = new Map<number, number>();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
    const known: number[] = [];
    for (let step = 0; step < 40_000; step++) {
      const r = next() % 10;
      if (r < 6 || known.length === 0) {
        // A new id (several growths happen on the way).
        const id = step * 31 - 5000;
        known.push(id);
        map.set(id, step);
        reference.set(id, step);
      } else {
        const id = known[next() % known.length]!;
        if (r < 8) {
          map.set(id, step);
          reference.set(id, step);
        } else {
          expect(map.delete(id)).toBe(reference.delete(id));
        }
      }
      for (let k = 0; k < 4; k++) {
        const probe = known[next() % known.length]!;
        expect(map.get(probe)).toBe(reference.get(probe) ?? -1);
      }
      expect(map.size).toBe(reference.size);
    }
    for (const probe of known) expect(map.get(probe)).toBe(reference.get(probe) ?? -1);
    map.reserve(100_000);
    for (const probe of known) expect(map.get(probe)).toBe(reference.get(probe) ?? -1);
  });
});
