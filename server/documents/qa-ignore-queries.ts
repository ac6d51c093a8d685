import type { QaCheck, QaIgnore } from '../../shared/api/qa';
import type { Queryable } from '../db/storage';
import { documentIsShown } from './document-queries';

/** An ignore to write (the caller checked the document and segment, in its transaction). */
export interface NewQaIgnore {
  orgId: number;
  documentId: number;
  segmentId: number;
  check: QaCheck;
  target: string;
  userId: number;
  now: number;
}

function wireSelect(db: Queryable) {
  return db
    .selectFrom('qa_ignores as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select([
      'q.id',
      'q.document_id',
      'q.segment_id',
      'q.check_kind',
      'q.target',
      'u.name as user_name',
      'q.created_at',
    ]);
}

type WireRow = Awaited<ReturnType<ReturnType<typeof wireSelect>['executeTakeFirstOrThrow']>>;

// The column is plain text (a new check needs no migration); the API only ever writes a QaCheck.
const toWire = ({ check_kind, ...row }: WireRow): QaIgnore => ({
  ...row,
  check: check_kind as QaCheck,
});

/** Ignored QA warnings, one per segment and check. `db` is the storage or a transaction. */
export function qaIgnoreQueries(db: Queryable) {
  return {
    /** A document's ignores, by segment then check. */
    listByDocument: async (documentId: number): Promise<QaIgnore[]> =>
      (
        await wireSelect(db)
          .where('q.document_id', '=', documentId)
          .orderBy('q.segment_id')
          .orderBy('q.check_kind')
          .execute()
      ).map(toWire),

    /** Writes the ignore, or moves an existing one of the segment and check to this target. */
    async upsert(ignore: NewQaIgnore): Promise<QaIgnore> {
      const row = await db
        .insertInto('qa_ignores')
        .values({
          org_id: ignore.orgId,
          document_id: ignore.documentId,
          segment_id: ignore.segmentId,
          check_kind: ignore.check,
          target: ignore.target,
          user_id: ignore.userId,
          created_at: ignore.now,
        })
        .onConflict((conflict) =>
          conflict.columns(['segment_id', 'check_kind']).doUpdateSet({
            target: ignore.target,
            user_id: ignore.userId,
            created_at: ignore.now,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return toWire(await wireSelect(db).where('q.id', '=', row.id).executeTakeFirstOrThrow());
    },

    async remove(segmentId: number, check: QaCheck): Promise<boolean> {
      const result = await db
        .deleteFrom('qa_ignores')
        .where('segment_id', '=', segmentId)
        .where('check_kind', '=', check)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Whether the organization has this document, shown (not still importing). */
    documentVisible: (orgId: number, documentId: number) => documentIsShown(db, orgId, documentId),

    /**
     * Whether the segment is in that document. `lock` keeps it from being deleted until the
     * transaction ends (PostgreSQL only: SQLite's transaction already holds the whole database),
     * so the ignore written next never meets a segment gone meanwhile.
     */
    async segmentInDocument(segmentId: number, documentId: number, lock = false): Promise<boolean> {
      const row = await db
        .selectFrom('segments')
        .select('id')
        .where('id', '=', segmentId)
        .where('document_id', '=', documentId)
        .$if(lock, (query) => query.forKeyShare())
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type QaIgnoreQueries = ReturnType<typeof qaIgnoreQueries>;
