/** The leverage tests' job: real data (LibreOffice help, ../shared/data) in three projects. */
import type { LeverageBandName } from '../../../shared/api/jobs';
import type { Storage } from '../../db/storage';
import type { TmRegistry } from '../../memories/registry';
import { prepareFullScan, type FullScanner, type TmUnit } from '../../tm';
import { readLohelpUnits } from '../../tm/test-support';
import { bandOfScore } from './bands';
import {
  seedDocument,
  seedMemory,
  seedOrganization,
  seedProject,
  type SeedSegment,
} from './test-support';

const lohelp = readLohelpUnits();
const plain = (units: TmUnit[]): SeedSegment[] => units.map(({ source }) => ({ source }));
/** A memory unit's source with its last word changed: a fuzzy match of it. */
const edited = (units: TmUnit[]): SeedSegment[] =>
  units.map(({ source }) => ({ source: source.replace(/\S+$/, 'wordbench') }));
const held = lohelp.slice(20_000, 20_200);
// In memory order, so that inner ones have their unit's neighbours (101).
const exactRun = plain(lohelp.slice(1000, 1025));
const keyed = lohelp.slice(2000, 2010).map(({ source, contextKey }) => ({ source, contextKey }));
const edits = edited(lohelp.slice(1500, 1540));
/** Memory units with a number changed: the engine's penalty for a different number applies. */
const renumbered = lohelp
  .slice(0, 3000)
  .filter(({ source }) => /\d/.test(source))
  .slice(0, 10)
  .map(({ source }) => ({ source: source.replace(/\d+/, (n) => String(Number(n) + 1)) }));

/** Documents per project, in the order the analysis reads them (projects and documents by id). */
const PLAN: { trglang: string; documents: SeedSegment[][] }[] = [
  {
    trglang: 'es',
    documents: [
      [
        ...plain(held.slice(0, 100)),
        ...exactRun,
        ...edits.slice(0, 20),
        ...keyed,
        ...plain(held.slice(0, 10)),
        ...exactRun.slice(3, 6),
        ...edits.slice(0, 5),
      ],
      [
        ...plain(held.slice(100, 150)),
        ...plain(held.slice(5, 15)),
        ...edits.slice(20, 40),
        // Blank: no lookup, no words, never a repetition.
        { source: ' ' },
        ...renumbered,
        { source: ' ' },
      ],
    ],
  },
  { trglang: 'es', documents: [[...plain(held.slice(150, 200)), ...plain(held.slice(0, 5))]] },
  { trglang: 'ca', documents: [[...plain(held.slice(0, 20)), ...exactRun.slice(0, 10)]] },
];

export interface JobSegment {
  id: number;
  projectId: number;
  memoryId: number;
  trglang: string;
  lookup: SeedSegment & { prevSource: string | null; nextSource: string | null };
}

/**
 * A job of three projects (two into Spanish on one memory, one into Catalan on another) in a new
 * organization, with memories of real units; the full scans of those memories, for reference.
 */
export async function seedJob(storage: Storage, tm: TmRegistry, name: string) {
  const orgId = await seedOrganization(storage, name);
  const memories = new Map<string, number>();
  const scanners = new Map<number, FullScanner>();
  for (const [trglang, units] of [
    ['es', lohelp.slice(0, 3000)],
    ['ca', lohelp.slice(1000, 1100)],
  ] as const) {
    const memoryId = await seedMemory(storage, orgId, trglang);
    const rows = await tm.write((w) =>
      Promise.all(
        units.map(({ id: _id, ...unit }) => w.add(memoryId, { ...unit, origin: 'test' })),
      ),
    );
    memories.set(trglang, memoryId);
    scanners.set(
      memoryId,
      prepareFullScan(
        rows.map((r) => ({
          id: r.id,
          source: r.source,
          target: r.target,
          prevSource: r.prev_source,
          nextSource: r.next_source,
          contextKey: r.context_key,
        })),
      ),
    );
  }
  /** Every segment in analysis order, with what the reference needs to score it. */
  const segments: JobSegment[] = [];
  const projectIds: number[] = [];
  for (const { trglang, documents } of PLAN) {
    const memoryId = memories.get(trglang)!;
    const projectId = await seedProject(storage, orgId, memoryId);
    projectIds.push(projectId);
    for (const document of documents) {
      const ids = await seedDocument(storage, orgId, projectId, document);
      document.forEach((segment, i) =>
        segments.push({
          id: ids[i]!,
          projectId,
          memoryId,
          trglang,
          lookup: {
            ...segment,
            prevSource: document[i - 1]?.source ?? null,
            nextSource: document[i + 1]?.source ?? null,
          },
        }),
      );
    }
  }
  return { orgId, projectIds, segments, scanners };
}

/** The band the analysis must give each segment: its score's, or a repetition (analyse.ts). */
export function expectedBands(
  segments: JobSegment[],
  scores: (number | null)[],
): LeverageBandName[] {
  const seen = new Set<string>();
  return segments.map(({ trglang, lookup: { source } }, i) => {
    const score = scores[i]!;
    if ((score !== null && score >= 100) || source.trim() === '') return bandOfScore(score);
    const key = `${trglang}\t${source}`;
    if (seen.has(key)) return 'repetition';
    seen.add(key);
    return bandOfScore(score);
  });
}
