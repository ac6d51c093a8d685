import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type {
  TranslateSegmentBody,
  Translation,
  TranslationList,
} from '../../shared/api/translate';
import { notFound } from '../http/http-error';
import type { MatchContext, TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import type { Storage } from '../db/storage';
import { machineTranslate, type MtOutcome } from './machine-translation';
import { addRichFields } from './rich-fields';
import { translateQueries } from './queries';

export const DEFAULT_TRANSLATE_MATCHES = 5;
export const DEFAULT_TRANSLATE_THRESHOLD = 50;
// With a prefix, more matches are looked at so that `n` can still be filled after filtering.
const PREFIX_CANDIDATES = 50;

export interface SegmentTranslatorDeps {
  storage: Storage;
  tm: TmRegistry;
  mt: MtEngine | null;
}

/**
 * `POST /v2/translate`: TM matches first (best first), then the MT item when an engine serves
 * the memory's pair. The MT call starts before the TM lookup so that both run at once; an MT
 * failure only adds `mtUnavailable`.
 */
export function createSegmentTranslator({ storage, tm, mt }: SegmentTranslatorDeps) {
  const reads = translateQueries(storage.db);
  const memoryNotFound = (id: number) => notFound(`memory_id ${id} not found`);

  async function tmTranslations(
    orgId: number,
    body: TranslateSegmentBody,
    context: MatchContext | undefined,
  ): Promise<Translation[]> {
    const n = body.n ?? DEFAULT_TRANSLATE_MATCHES;
    // Waits for the memory's index to load (a slice at a time) on its first use.
    const matches = await tm.findMatches(orgId, body.memory_id, body.source, {
      n: body.prefix ? Math.max(n, PREFIX_CANDIDATES) : n,
      threshold: body.threshold ?? DEFAULT_TRANSLATE_THRESHOLD,
      context,
    });
    // The memory was deleted between the check and the lookup.
    if (!matches) throw memoryNotFound(body.memory_id);
    return matches
      .filter((match) => !body.prefix || match.target.startsWith(body.prefix))
      .slice(0, n)
      .map(({ target, score, source, metadata }) => ({
        target,
        score,
        isTMMatch: true,
        source,
        metadata,
      }));
  }

  function mtTranslation(outcome: MtOutcome, prefix: string | undefined): Translation[] {
    if ('unavailable' in outcome) return [];
    if (prefix && !outcome.target.startsWith(prefix)) return [];
    // Apertium gives no confidence: 0, which also keeps MT below every TM match.
    return [{ target: outcome.target, score: 0, isTMMatch: false, engine: outcome.engine }];
  }

  return async function translateSegment(
    orgId: number,
    body: TranslateSegmentBody,
    log: FastifyBaseLogger,
  ): Promise<TranslationList> {
    const memory = await reads.memoryPair(orgId, body.memory_id);
    if (!memory) throw memoryNotFound(body.memory_id);
    let context: MatchContext | undefined;
    if (body.segment_id !== undefined) {
      context = (await reads.segmentContext(orgId, body.segment_id)) ?? undefined;
      if (!context) throw notFound(`segment_id ${body.segment_id} not found`);
    }
    const answer: TranslationList = { untokenizedSource: body.source, translation: [] };
    // Nothing to match or translate in a blank source.
    if (body.source.trim() !== '') {
      const pair = { source: memory.srclang, target: memory.trglang };
      const pending = body.mt === false ? undefined : machineTranslate(mt, pair, body.source, log);
      const withTm = body.tm_matches !== false;
      // The MT request reaches Apertium after a few promise turns; the TM lookup's scoring would
      // hold the loop before them, and MT would only start once TM is done. A turn of the loop
      // first lets the request go out, so Apertium translates while the TM scores.
      if (pending && withTm) await nextTurn();
      const tmItems = withTm ? await tmTranslations(orgId, body, context) : [];
      const outcome = await pending;
      answer.translation = [...tmItems, ...(outcome ? mtTranslation(outcome, body.prefix) : [])];
      if (outcome && 'unavailable' in outcome) answer.mtUnavailable = outcome.unavailable;
    }
    return body.rich ? addRichFields(answer, body.memory_id) : answer;
  };
}

export type SegmentTranslator = ReturnType<typeof createSegmentTranslator>;
