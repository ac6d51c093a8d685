import type { CompiledQuery } from 'kysely';
import type { Queryable } from '../db/storage';

/** What a match answers of its unit. */
export interface MatchedUnit {
  id: number;
  source: string;
  target: string;
  context_key: string | null;
  origin: string;
  created_at: number;
  updated_at: number;
}

/** The memory LEFT JOIN its units among `ids`: the memory's name, and each unit found. */
function matchedUnitsQuery(db: Queryable, orgId: number, memoryId: number, ids: readonly number[]) {
  return db
    .selectFrom('memories as m')
    .leftJoin('memory_units as u', (join) =>
      join.onRef('u.memory_id', '=', 'm.id').on('u.id', 'in', ids),
    )
    .select([
      'm.name as memory_name',
      'u.id',
      'u.source',
      'u.target',
      'u.context_key',
      'u.origin',
      'u.created_at',
      'u.updated_at',
    ])
    .where('m.id', '=', memoryId)
    .where('m.org_id', '=', orgId);
}

type MatchedRow = Awaited<ReturnType<ReturnType<typeof matchedUnitsQuery>['execute']>>[number];

/**
 * `matchedUnitsQuery` compiled once per number of ids, its parameters filled in per call: every
 * lookup runs it, and building and compiling it with Kysely costs more than SQLite running it.
 * The template is compiled with negative placeholders (ids are positive) to learn where each
 * value goes.
 */
function compiledMatches(db: Queryable) {
  const templates = new Map<number, CompiledQuery<MatchedRow>>();
  const ORG = -1;
  const MEMORY = -2;
  const idAt = (k: number) => -3 - k;
  return (orgId: number, memoryId: number, ids: readonly number[]): CompiledQuery<MatchedRow> => {
    let template = templates.get(ids.length);
    if (!template) {
      const placeholders = ids.map((_, k) => idAt(k));
      template = matchedUnitsQuery(db, ORG, MEMORY, placeholders).compile();
      templates.set(ids.length, template);
    }
    const parameters = template.parameters.map((value) =>
      value === ORG ? orgId : value === MEMORY ? memoryId : ids[-3 - (value as number)],
    );
    return { ...template, parameters };
  };
}

/** The reads of a TM lookup (server/memories/registry.ts). */
export function matchQueries(db: Queryable) {
  const compiled = compiledMatches(db);
  return {
    /** The organization of a memory (it never changes); undefined when there is no such memory. */
    async ownerOf(memoryId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('memories')
        .select('org_id')
        .where('id', '=', memoryId)
        .executeTakeFirst();
      return row?.org_id;
    },

    /**
     * The memory's name and those of `ids` (at least one) that are still its units, in one round
     * trip; null when the organization has no such memory.
     */
    async matchedUnits(
      orgId: number,
      memoryId: number,
      ids: readonly number[],
    ): Promise<{ memoryName: string; units: Map<number, MatchedUnit> } | null> {
      const { rows } = await db.executeQuery(compiled(orgId, memoryId, ids));
      if (rows.length === 0) return null;
      const units = new Map<number, MatchedUnit>();
      for (const { memory_name: _, ...unit } of rows) {
        if (unit.id !== null) units.set(unit.id, unit as MatchedUnit);
      }
      return { memoryName: rows[0]!.memory_name, units };
    },
  };
}
