import { describe, expect, it } from 'vitest';
import type { ApertiumEngine } from '../mt/engine';
import { createMemory } from '../memories/test-support';
import { groupMembers, requireApertium } from '../mt/apertium-test-support';
import { createTestApp } from '../test-support';
import { failingEngine, translate } from './test-support';

describe('app.mt', () => {
  it('is an Apertium engine by default, started lazily and ended with the app', async () => {
    requireApertium();
    const t = await createTestApp();
    const engine = t.app.mt as ApertiumEngine;
    expect(engine.name).toBe('apertium');
    // Building an app starts no process.
    expect(engine.running()).toEqual([]);
    const memory = await createMemory(t.app);
    const answer = await translate(t.app, { source: 'The red car.', memory_id: memory.id });
    expect(answer.translation.at(-1)).toMatchObject({ isTMMatch: false, engine: 'apertium' });
    const pipelines = engine.running();
    expect(pipelines).toHaveLength(1);
    expect(groupMembers(pipelines[0]!.pid).length).toBeGreaterThan(0);
    await t.close();
    expect(groupMembers(pipelines[0]!.pid)).toEqual([]);
  });

  it('leaves an engine it was given open: the caller owns it', async () => {
    let closed = 0;
    const engine = { ...failingEngine('timeout'), close: async () => void (closed += 1) };
    const t = await createTestApp({ mt: engine });
    expect(t.app.mt).toBe(engine);
    await t.close();
    expect(closed).toBe(0);
  });
});
