import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExtractedSegment } from '../formats/documents';
import { primaryLanguage } from '../formats/languages';
import { PermanentWorkError } from '../work/queue';
import type { TmRegistry } from '../memories/registry';
import type { MtEngine } from '../mt/engine';
import type { StoredTarget, TranslationRow } from './translation-row';

/** Longest run of TM lookups before other requests get a turn. */
const SLICE_MS = 20;

/**
 * The memory's best match of at least the translation's threshold for each segment (100 and 101
 * as they are, fuzzy ones from the threshold), with the neighbours and key as context. Answers
 * the targets found and the segments left for MT. A memory deleted meanwhile fails the work.
 */
export async function tmPass(
  tm: TmRegistry,
  row: TranslationRow,
  segments: readonly ExtractedSegment[],
  batch: number[],
  signal: AbortSignal,
): Promise<{ found: StoredTarget[]; rest: number[] }> {
  const found: StoredTarget[] = [];
  const rest: number[] = [];
  let sliceStart = performance.now();
  for (const idx of batch) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      signal.throwIfAborted();
      sliceStart = performance.now();
    }
    const segment = segments[idx]!;
    const matches = await tm.findMatches(row.org_id, row.memory_id, segment.source, {
      n: 1,
      threshold: row.tm_threshold,
      context: {
        prevSource: segments[idx - 1]?.source ?? null,
        nextSource: segments[idx + 1]?.source ?? null,
        contextKey: segment.contextKey,
      },
    });
    if (matches === null) {
      throw new PermanentWorkError(
        `Memory ${row.memory_id} was deleted before the translation was done`,
      );
    }
    const best = matches[0];
    if (best) found.push({ idx, target: best.target, origin: 'tm', score: best.score });
    else rest.push(idx);
  }
  return { found, rest };
}

/** The engine, once it is known to serve the pair; a permanent failure saying why not. */
export async function engineFor(
  mt: MtEngine | null,
  row: Pick<TranslationRow, 'srclang' | 'trglang'>,
): Promise<MtEngine> {
  const pair = `${row.srclang} to ${row.trglang}`;
  if (!mt) {
    throw new PermanentWorkError(
      `No machine translation is available for ${pair}, and the memory did not cover every segment`,
    );
  }
  if (!(await mt.supports(primaryLanguage(row.srclang), primaryLanguage(row.trglang)))) {
    const pairs = (await mt.pairs()).map((p) => `${p.source}-${p.target}`).join(', ');
    throw new PermanentWorkError(
      `No machine translation for ${pair} (installed: ${pairs || 'none'}), and the memory ` +
        'did not cover every segment',
    );
  }
  return mt;
}

/** MT for the segments left, in one batch call: the engine keeps codes and order. */
export async function mtPass(
  engine: MtEngine,
  row: Pick<TranslationRow, 'srclang' | 'trglang'>,
  segments: readonly ExtractedSegment[],
  rest: number[],
  signal: AbortSignal,
): Promise<StoredTarget[]> {
  if (rest.length === 0) return [];
  const pair = { source: primaryLanguage(row.srclang), target: primaryLanguage(row.trglang) };
  const targets = await engine.translate(
    pair,
    rest.map((idx) => segments[idx]!.source),
    { signal },
  );
  return rest.map((idx, i) => ({ idx, target: targets[i] ?? '', origin: 'mt', score: null }));
}
