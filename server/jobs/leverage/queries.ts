import type { Queryable } from '../../db/storage';

export interface LeverageProject {
  id: number;
  memory_id: number;
  trglang: string;
  trglocale: string | null;
}

/** A document to analyse: how many segments it has and the range of their indexes. */
export interface LeverageDocument {
  id: number;
  segments: number;
  firstIdx: number;
  lastIdx: number;
}

export interface LeverageSegment {
  id: number;
  idx: number;
  source: string;
  context_key: string | null;
}

/** The reads of the leverage analysis, every one scoped to the organization. */
export function leverageQueries(db: Queryable) {
  return {
    /** The organization's projects among `projectIds`, by id (others' ids are left out). */
    projects: (orgId: number, projectIds: readonly number[]): Promise<LeverageProject[]> =>
      projectIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('projects')
            .select(['id', 'memory_id', 'trglang', 'trglocale'])
            .where('org_id', '=', orgId)
            .where('id', 'in', [...projectIds])
            .orderBy('id')
            .execute(),

    /** The project's documents that have segments, by id; those still importing are hidden, as in the editor. */
    documents: async (orgId: number, projectId: number): Promise<LeverageDocument[]> => {
      const rows = await db
        .selectFrom('documents as d')
        .innerJoin('segments as s', 's.document_id', 'd.id')
        .select((eb) => [
          'd.id',
          eb.fn.count<number | string>('s.id').as('segments'),
          eb.fn.min('s.idx').as('firstIdx'),
          eb.fn.max('s.idx').as('lastIdx'),
        ])
        .where('d.org_id', '=', orgId)
        .where('d.project_id', '=', projectId)
        .where('d.import_in_progress', '=', 0)
        .groupBy('d.id')
        .orderBy('d.id')
        .execute();
      return rows.map((row) => ({ ...row, segments: Number(row.segments) }));
    },

    /**
     * A document's segments with `from <= idx < to`, in order: a range of the (document_id, idx)
     * index, so that a long document is read a window at a time, each read short.
     */
    segmentWindow: (
      orgId: number,
      documentId: number,
      from: number,
      to: number,
    ): Promise<LeverageSegment[]> =>
      db
        .selectFrom('segments')
        .select(['id', 'idx', 'source', 'context_key'])
        .where('org_id', '=', orgId)
        .where('document_id', '=', documentId)
        .where('idx', '>=', from)
        .where('idx', '<', to)
        .orderBy('idx')
        .execute(),
  };
}

export type LeverageQueries = ReturnType<typeof leverageQueries>;
