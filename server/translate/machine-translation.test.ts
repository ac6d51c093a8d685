import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../shared/api/memories';
import { createMemory, importFile, testEngine } from '../memories/test-support';
import { createTestApp, type TestApp } from '../test-support';
import { failingEngine, translate } from './test-support';

const SOURCE = 'Select the cells that you want to copy.';
const TARGET = 'Seleccione las celdas que desee copiar.';

describe('MT failures', () => {
  let t: TestApp;
  let memory: Memory;
  const engine = failingEngine('timeout');

  beforeAll(async () => {
    t = await createTestApp({ tmEngine: testEngine, mt: engine });
    memory = await createMemory(t.app);
    await importFile(t.app, memory.id, 'cells.csv', `en,es\n${SOURCE},${TARGET}\n`);
  });
  afterAll(() => t?.close());

  it('answers the TM matches and mtUnavailable when the engine times out', async () => {
    const answer = await translate(t.app, { source: SOURCE, memory_id: memory.id, rich: true });
    expect(engine.calls).toBe(1);
    expect(answer.translation).toHaveLength(1);
    expect(answer.translation[0]).toMatchObject({ target: TARGET, score: 100, isTMMatch: true });
    expect(answer.mtUnavailable).toBe('The MT engine timed out (en-es, 10 s)');
  });

  it('does not call the engine with mt=false', async () => {
    const before = engine.calls;
    const answer = await translate(t.app, { source: SOURCE, memory_id: memory.id, mt: false });
    expect(engine.calls).toBe(before);
    expect(answer.mtUnavailable).toBeUndefined();
  });
});

describe('other MT failures and no MT', () => {
  it.each([
    ['engine_failed', 'The MT engine failed; it restarts with the next request'],
    ['closed', 'The MT engine is shut down'],
  ] as const)('answers 200 with mtUnavailable on %s', async (code, message) => {
    const t = await createTestApp({ mt: failingEngine(code) });
    try {
      const memory = await createMemory(t.app);
      const answer = await translate(t.app, { source: SOURCE, memory_id: memory.id });
      expect(answer).toEqual({
        untokenizedSource: SOURCE,
        translation: [],
        mtUnavailable: message,
      });
    } finally {
      await t.close();
    }
  });

  it('says MT is off when the app runs without an engine', async () => {
    const t = await createTestApp({ mt: null });
    try {
      expect(t.app.mt).toBeNull();
      const memory = await createMemory(t.app);
      const answer = await translate(t.app, { source: SOURCE, memory_id: memory.id });
      expect(answer.mtUnavailable).toBe('Machine translation is off on this server');
    } finally {
      await t.close();
    }
  });
});
