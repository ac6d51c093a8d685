import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createEngine, EngineError, type EngineSettings, type TextEngine } from '../llm/engine';
import { createEnginePool } from './engine-pool';

// A Fastify app without a logger has a silent one.
const { log } = Fastify();
const openai = (model: string): EngineSettings => ({
  kind: 'openai',
  baseUrl: 'http://127.0.0.1:9/v1',
  model,
});

/** The real engines, with a record of which were made and which closed. */
function recordingPool() {
  const made: TextEngine[] = [];
  const closed = new Set<TextEngine>();
  const pool = createEnginePool(log, (settings) => {
    const engine = createEngine(settings);
    const close = engine.close.bind(engine);
    const recorded: TextEngine = {
      description: engine.description,
      stream: (request) => engine.stream(request),
      prepare: () => engine.prepare(),
      close: async () => {
        closed.add(recorded);
        await close();
      },
    };
    made.push(recorded);
    return recorded;
  });
  return { pool, made, closed };
}

describe('the engine pool', () => {
  it('makes one engine per setting and reuses it, across organizations too', () => {
    const { pool, made } = recordingPool();
    const a = pool.acquire(1, openai('m'));
    a.release();
    const b = pool.acquire(1, { ...openai('m') });
    const c = pool.acquire(2, openai('m'));
    expect(made).toHaveLength(1);
    expect(b.engine).toBe(a.engine);
    expect(c.engine).toBe(a.engine);
  });

  it('closes the engine a change replaces once no generation runs on it', async () => {
    const { pool, made, closed } = recordingPool();
    const running = pool.acquire(1, openai('old'));
    pool.changed(1, openai('new'));
    expect(made).toHaveLength(2);
    // The generation in flight keeps its engine until it ends.
    expect(closed.has(running.engine)).toBe(false);
    running.release();
    expect(closed.has(running.engine)).toBe(true);
    pool.changed(1, null);
    expect(closed.has(made[1]!)).toBe(true);
    await pool.closeAll();
  });

  it('keeps an engine another organization still uses, and the pinned default', async () => {
    const { pool, closed } = recordingPool();
    const pinned = pool.pin(openai('default'));
    pool.acquire(1, openai('default')).release();
    pool.changed(1, openai('own'));
    expect(closed.has(pinned)).toBe(false);
    const shared = pool.acquire(2, openai('own'));
    shared.release();
    pool.changed(1, null);
    expect(closed.has(shared.engine)).toBe(false);
    await pool.closeAll();
    expect(closed.has(pinned)).toBe(true);
    const stream = pinned.stream({
      system: '',
      prompt: 'x',
      maxTokens: 1,
      signal: new AbortController().signal,
    });
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(EngineError);
  });
});
