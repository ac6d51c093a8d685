import { randomUUID } from 'node:crypto';
import type { FileCategory } from '../../shared/api/files';
import type { UploadState, UploadStatus } from '../../shared/api/uploads';
import type { Queryable, Storage } from '../db/storage';
import { formatTimestamp } from '../files/queries';
import { nowSeconds } from '../db/time';

export type UploadKind = 'single' | 'multipart';

/** What the file will be recorded with once the bytes are in. */
export interface UploadDetails {
  category?: FileCategory;
  labels?: string[];
  size?: number;
  uuid?: string;
}

export interface Upload {
  id: number;
  orgId: number;
  userId: number | null;
  key: string;
  kind: UploadKind;
  filename: string;
  contentType: string;
  details: UploadDetails;
  status: UploadState;
  fileId: number | null;
  createdAt: number;
}

export interface NewUpload {
  orgId: number;
  userId: number | null;
  kind: UploadKind;
  filename: string;
  contentType: string;
  details: UploadDetails;
}

export interface UploadPart {
  partNumber: number;
  etag: string;
  size: number;
  /** Path of the part's bytes relative to the parts folder. */
  file: string;
}

/**
 * Recording a part while the upload is pending; a part number seen before is replaced (as S3
 * does), and `replaced` is the old part's file to delete. `refused` when the upload moved on.
 */
export type PutPartOutcome = { refused: true } | { refused: false; replaced?: string };

function fromRow(row: UploadRow): Upload {
  return {
    id: row.id,
    orgId: row.org_id,
    userId: row.user_id,
    key: row.s3_key,
    kind: row.kind as UploadKind,
    filename: row.filename,
    contentType: row.content_type,
    details: JSON.parse(row.metadata) as UploadDetails,
    status: row.status as UploadState,
    fileId: row.file_id,
    createdAt: row.created_at,
  };
}

export function uploadToWire(upload: Upload): UploadStatus {
  return {
    id: upload.id,
    filename: upload.filename,
    status: upload.status,
    created_at: formatTimestamp(upload.createdAt),
    fileId: upload.fileId,
  };
}

const COLUMNS = [
  'id',
  'org_id',
  'user_id',
  's3_key',
  'kind',
  'filename',
  'content_type',
  'metadata',
  'status',
  'file_id',
  'created_at',
] as const;

function uploadRows(db: Queryable) {
  return db.selectFrom('uploads').select(COLUMNS);
}

type UploadRow = Awaited<ReturnType<ReturnType<typeof uploadRows>['executeTakeFirstOrThrow']>>;

const PART_COLUMNS = ['part_number as partNumber', 'etag', 'size', 'file'] as const;

/**
 * Cloud-style uploads (API.md 4.13) and their parts; every lookup but `byKey` takes the
 * organization. `db` is the storage's handle or an open transaction; `createUploadStore` runs the
 * changes that read what they check in one transaction.
 */
export function uploadQueries(db: Queryable) {
  const parts = (uploadId: number) =>
    db.selectFrom('upload_parts').select(PART_COLUMNS).where('upload_id', '=', uploadId);

  return {
    async insert(input: NewUpload, now = nowSeconds()): Promise<Upload> {
      const row = await db
        .insertInto('uploads')
        .values({
          org_id: input.orgId,
          user_id: input.userId,
          s3_key: `uploads/${randomUUID()}`,
          kind: input.kind,
          filename: input.filename,
          content_type: input.contentType,
          metadata: JSON.stringify(input.details),
          created_at: now,
          updated_at: now,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },

    async get(orgId: number, id: number): Promise<Upload | null> {
      const row = await uploadRows(db)
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    async byKey(key: string): Promise<Upload | null> {
      const row = await uploadRows(db).where('s3_key', '=', key).executeTakeFirst();
      return row ? fromRow(row) : null;
    },

    async list(orgId: number, filter: { ids?: number[]; statuses?: UploadState[] }) {
      // An empty list selects nothing (and `IN ()` is no SQL).
      if (filter.ids?.length === 0 || filter.statuses?.length === 0) return [];
      let query = uploadRows(db).where('org_id', '=', orgId);
      if (filter.ids) query = query.where('id', 'in', filter.ids);
      if (filter.statuses) query = query.where('status', 'in', filter.statuses);
      return (await query.orderBy('id').execute()).map(fromRow);
    },

    /** The upload's status; `lock` keeps its row locked to the transaction's end (PostgreSQL). */
    async status(id: number, lock = false): Promise<UploadState | null> {
      const query = db.selectFrom('uploads').select('status').where('id', '=', id);
      const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
      return row ? (row.status as UploadState) : null;
    },

    /**
     * Moves `from` -> `to` only if the upload is still in `from` (one UPDATE); false otherwise.
     * A `fileId` is recorded with the move; without one the upload keeps its own.
     */
    async move(
      id: number,
      from: UploadState,
      to: UploadState,
      fileId: number | null = null,
    ): Promise<boolean> {
      const result = await db
        .updateTable('uploads')
        .set({
          status: to,
          updated_at: nowSeconds(),
          ...(fileId === null ? {} : { file_id: fileId }),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    parts: (id: number): Promise<UploadPart[]> => parts(id).orderBy('part_number').execute(),

    part: async (id: number, partNumber: number): Promise<UploadPart | null> =>
      (await parts(id).where('part_number', '=', partNumber).executeTakeFirst()) ?? null,

    /** Records a part; a part number seen before is replaced. */
    async upsertPart(uploadId: number, part: UploadPart, now = nowSeconds()): Promise<void> {
      await db
        .insertInto('upload_parts')
        .values({
          upload_id: uploadId,
          part_number: part.partNumber,
          etag: part.etag,
          size: part.size,
          file: part.file,
          created_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['upload_id', 'part_number']).doUpdateSet((eb) => ({
            etag: eb.ref('excluded.etag'),
            size: eb.ref('excluded.size'),
            file: eb.ref('excluded.file'),
            created_at: eb.ref('excluded.created_at'),
          })),
        )
        .execute();
    },

    /** Forgets the parts (their files are the caller's to delete) and returns them. */
    async dropParts(id: number): Promise<UploadPart[]> {
      const dropped = await parts(id).orderBy('part_number').execute();
      await db.deleteFrom('upload_parts').where('upload_id', '=', id).execute();
      return dropped;
    },

    /** At start: an assembly that a crash interrupted can be completed again. */
    async resetProcessing(now = nowSeconds()): Promise<number> {
      const result = await db
        .updateTable('uploads')
        .set({ status: 'pending', updated_at: now })
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every part file the database knows, for the start-up sweep of the parts folder. */
    async knownPartFiles(): Promise<Set<string>> {
      const rows = await db.selectFrom('upload_parts').select('file').execute();
      return new Set(rows.map((row) => row.file));
    },
  };
}

export type UploadQueries = ReturnType<typeof uploadQueries>;

/** The uploads area over a storage: reads on its handle, each change in one transaction. */
export function createUploadStore(storage: Storage) {
  const reads = uploadQueries(storage.db);
  const lock = storage.dialect === 'postgres';

  return {
    /** Creates every upload or, if any insert fails, none. */
    createAll: (inputs: NewUpload[]): Promise<Upload[]> =>
      storage.transaction(async (tx) => {
        const q = uploadQueries(tx);
        const created: Upload[] = [];
        for (const input of inputs) created.push(await q.insert(input));
        return created;
      }),

    get: (orgId: number, id: number): Promise<Upload | null> => reads.get(orgId, id),

    /** For the signed PUT, which has no API key: the signature vouches for the key. */
    byKey: (key: string): Promise<Upload | null> => reads.byKey(key),

    list: (orgId: number, filter: { ids?: number[]; statuses?: UploadState[] }) =>
      reads.list(orgId, filter),

    /** Moves `from` -> `to` only if the upload is still in `from`; false otherwise. */
    move: (id: number, from: UploadState, to: UploadState, fileId: number | null = null) =>
      reads.move(id, from, to, fileId),

    parts: (id: number): Promise<UploadPart[]> => reads.parts(id),
    part: (id: number, partNumber: number): Promise<UploadPart | null> =>
      reads.part(id, partNumber),

    /**
     * Records a part while the upload is pending; a part number seen before is replaced (as S3
     * does). Returns the replaced part's file to delete, or `refused` when the upload moved on.
     */
    putPart: (uploadId: number, part: UploadPart): Promise<PutPartOutcome> =>
      storage.transaction(async (tx) => {
        const q = uploadQueries(tx);
        // The upload's row stays locked (PostgreSQL) so it cannot move on before the part is in.
        if ((await q.status(uploadId, lock)) !== 'pending') return { refused: true };
        const previous = await q.part(uploadId, part.partNumber);
        await q.upsertPart(uploadId, part);
        return { refused: false, replaced: previous?.file };
      }),

    /** Forgets the parts (their files are the caller's to delete) and returns them. */
    dropParts: (id: number): Promise<UploadPart[]> =>
      storage.transaction((tx) => uploadQueries(tx).dropParts(id)),

    /** Pending -> aborted, dropping the parts; null when the upload was not pending. */
    abort: (id: number): Promise<UploadPart[] | null> =>
      storage.transaction(async (tx) => {
        const q = uploadQueries(tx);
        if (!(await q.move(id, 'pending', 'aborted'))) return null;
        return q.dropParts(id);
      }),

    /** At start: an assembly that a crash interrupted can be completed again. */
    resetProcessing: (): Promise<number> => reads.resetProcessing(),

    /** Every part file the database knows, for the start-up sweep of the parts folder. */
    knownPartFiles: (): Promise<Set<string>> => reads.knownPartFiles(),
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
