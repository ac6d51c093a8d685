import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../formats/documents';
import { createDocumentPool } from './document-pool';

const pool = createDocumentPool();
afterAll(() => pool.close());

function xliff(units: number): Uint8Array {
  const body = Array.from(
    { length: units },
    (_, i) => `<trans-unit id="u${i}"><source>Sentence number ${i}.</source></trans-unit>`,
  ).join('\n');
  return new TextEncoder().encode(
    `<xliff version="1.2"><file source-language="en" datatype="plaintext" original="x"><body>\n${body}\n</body></file></xliff>`,
  );
}

describe('document pool: extract', () => {
  it('hands an XLIFF over while it is read, in chunks that add up to a plain read', async () => {
    const bytes = xliff(2_600);
    const told: number[] = [];
    const read = await pool.extract('big.xlf', bytes, { srclang: 'en', trglang: 'es' }, (all) =>
      told.push(all.length),
    );
    const plain = extractDocument('xliff12', bytes, { srclang: 'en', trglang: 'es' });
    expect(read.segments).toEqual(plain.segments);
    // 500 at a time while reading (the worker does not wait for the end), then the rest.
    expect(told).toEqual([500, 1_000, 1_500, 2_000, 2_500, 2_600]);
  });

  it('hands a format read whole over in chunks of 2,000 once read', async () => {
    const lines = Array.from({ length: 4_100 }, (_, i) => `Line ${i}.`).join('\n');
    const told: number[] = [];
    const read = await pool.extract(
      'notes.txt',
      new TextEncoder().encode(lines),
      { srclang: 'en', trglang: 'es' },
      (all) => told.push(all.length),
    );
    expect(read.segments).toHaveLength(4_100);
    expect(told).toEqual([2_000, 4_000, 4_100]);
  });
});
