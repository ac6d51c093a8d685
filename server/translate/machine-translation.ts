import type { FastifyBaseLogger } from 'fastify';
import { MtError, type MtEngine, type MtPair } from '../mt/engine';

/** How long one segment may take before the answer goes out with the TM matches only. */
export const MT_TIMEOUT_MS = 10_000;

export type MtOutcome = { target: string; engine: string } | { unavailable: string };

const pairName = (pair: MtPair) => `${pair.source}-${pair.target}`;

/** A plain sentence for the client: what happened, never a stack. */
function unavailableBecause(error: MtError, pair: MtPair): string {
  switch (error.code) {
    case 'timeout':
      return `The MT engine timed out (${pairName(pair)}, ${MT_TIMEOUT_MS / 1000} s)`;
    case 'pair_not_installed':
      return `No MT engine serves ${pairName(pair)}`;
    case 'closed':
      return 'The MT engine is shut down';
    case 'aborted':
      return 'The machine translation was cancelled';
    case 'engine_failed':
      return 'The MT engine failed; it restarts with the next request';
  }
}

/**
 * Translates one source, or says why not. Never rejects: a failing engine must not turn the
 * TM matches into a 500.
 */
export async function machineTranslate(
  mt: MtEngine | null,
  pair: MtPair,
  source: string,
  log: FastifyBaseLogger,
): Promise<MtOutcome> {
  if (!mt) return { unavailable: 'Machine translation is off on this server' };
  try {
    if (!(await mt.supports(pair.source, pair.target))) {
      return { unavailable: `No MT engine serves ${pairName(pair)}` };
    }
    const [target = ''] = await mt.translate(pair, [source], { timeoutMs: MT_TIMEOUT_MS });
    return { target, engine: mt.name };
  } catch (error) {
    if (error instanceof MtError) {
      log.warn({ err: error }, 'machine translation unavailable');
      return { unavailable: unavailableBecause(error, pair) };
    }
    // Not an engine failure but a bug: logged as one, yet the TM matches still answer.
    log.error({ err: error }, 'machine translation failed unexpectedly');
    return { unavailable: 'The MT engine failed unexpectedly' };
  }
}
