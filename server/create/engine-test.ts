import type { CreateEngineTest } from '../../shared/api/create';
import { EngineError, type EngineSettings } from '../llm/engine';
import type { EnginePool } from './engine-pool';

/** Few tokens: enough to show the engine writes, short enough to answer at once. */
export const TEST_MAX_TOKENS = 8;
const TEST_PROMPT = {
  system: 'You are a copywriter. Answer with one short sentence.',
  prompt: 'Write a one-line greeting for a product page.',
};

/**
 * A short generation on the organization's engine, nothing saved: its text and how long the
 * first piece took. An engine failure is the answer (`ok` false, in words), not an HTTP error.
 */
export async function testEngine(
  pool: EnginePool,
  orgId: number,
  settings: EngineSettings,
  signal: AbortSignal,
): Promise<CreateEngineTest> {
  const { engine, release } = pool.acquire(orgId, settings);
  const started = performance.now();
  let firstTokenMs: number | undefined;
  let text = '';
  try {
    for await (const piece of engine.stream({
      ...TEST_PROMPT,
      maxTokens: TEST_MAX_TOKENS,
      signal,
    })) {
      firstTokenMs ??= performance.now() - started;
      text += piece;
    }
    return {
      ok: true,
      text,
      firstTokenMs: Math.round(firstTokenMs ?? performance.now() - started),
    };
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return {
      ok: false,
      message: `The text engine (${engine.description}) failed: ${error.message}`,
    };
  } finally {
    release();
  }
}
