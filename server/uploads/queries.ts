import { randomUUID } from 'node:crypto';
import type { FileCategory } from '../../shared/api/files';
import type { UploadState, UploadStatus } from '../../shared/api/uploads';
import type { Database } from '../db/db';
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

interface UploadRow {
  id: number;
  org_id: number;
  user_id: number | null;
  s3_key: string;
  kind: UploadKind;
  filename: string;
  content_type: string;
  metadata: string;
  status: UploadState;
  file_id: number | null;
  created_at: number;
}

function fromRow(row: UploadRow): Upload {
  return {
    id: row.id,
    orgId: row.org_id,
    userId: row.user_id,
    key: row.s3_key,
    kind: row.kind,
    filename: row.filename,
    contentType: row.content_type,
    details: JSON.parse(row.metadata) as UploadDetails,
    status: row.status,
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

const COLUMNS = `id, org_id, user_id, s3_key, kind, filename, content_type, metadata, status, file_id,
  created_at`;

/** Cloud-style uploads (API.md 4.13) and their parts; every lookup but `byKey` takes the organization. */
export function createUploadStore(db: Database) {
  const insert = db.prepare(
    `INSERT INTO uploads (org_id, user_id, s3_key, kind, filename, content_type, metadata,
       created_at, updated_at)
     VALUES (@orgId, @userId, @key, @kind, @filename, @contentType, @metadata, @now, @now)
     RETURNING ${COLUMNS}`,
  );
  const selectOne = db.prepare<[number, number], UploadRow>(
    `SELECT ${COLUMNS} FROM uploads WHERE id = ? AND org_id = ?`,
  );
  const selectByKey = db.prepare<[string], UploadRow>(
    `SELECT ${COLUMNS} FROM uploads WHERE s3_key = ?`,
  );
  const selectList = db.prepare<
    { orgId: number; ids: string | null; statuses: string | null },
    UploadRow
  >(
    `SELECT ${COLUMNS} FROM uploads
      WHERE org_id = @orgId
        AND (@ids IS NULL OR id IN (SELECT value FROM json_each(@ids)))
        AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
      ORDER BY id`,
  );
  const transition = db.prepare<[UploadState, number | null, number, number, UploadState]>(
    `UPDATE uploads SET status = ?, file_id = coalesce(?, file_id), updated_at = ?
      WHERE id = ? AND status = ?`,
  );
  const selectParts = db.prepare<[number], UploadPart>(
    `SELECT part_number AS partNumber, etag, size, file FROM upload_parts
      WHERE upload_id = ? ORDER BY part_number`,
  );
  const selectPart = db.prepare<[number, number], UploadPart>(
    `SELECT part_number AS partNumber, etag, size, file FROM upload_parts
      WHERE upload_id = ? AND part_number = ?`,
  );
  const upsertPart = db.prepare(
    `INSERT INTO upload_parts (upload_id, part_number, etag, size, file, created_at)
     VALUES (@uploadId, @partNumber, @etag, @size, @file, @now)
     ON CONFLICT (upload_id, part_number) DO UPDATE
       SET etag = excluded.etag, size = excluded.size, file = excluded.file,
           created_at = excluded.created_at`,
  );
  const deleteParts = db.prepare<[number]>('DELETE FROM upload_parts WHERE upload_id = ?');
  const statusOf = db.prepare<[number], { status: UploadState }>(
    'SELECT status FROM uploads WHERE id = ?',
  );
  const resetProcessing = db.prepare<[number]>(
    "UPDATE uploads SET status = 'pending', updated_at = ? WHERE status = 'processing'",
  );
  const allPartFiles = db.prepare<[], { file: string }>('SELECT file FROM upload_parts');

  function move(id: number, from: UploadState, to: UploadState, fileId: number | null = null) {
    return transition.run(to, fileId, nowSeconds(), id, from).changes > 0;
  }

  const createAllTx = db.transaction((inputs: NewUpload[]): Upload[] =>
    inputs.map((input) => {
      const row = insert.get({
        ...input,
        key: `uploads/${randomUUID()}`,
        metadata: JSON.stringify(input.details),
        now: nowSeconds(),
      }) as UploadRow;
      return fromRow(row);
    }),
  );

  const putPartTx = db.transaction((uploadId: number, part: UploadPart): PutPartOutcome => {
    if (statusOf.get(uploadId)?.status !== 'pending') return { refused: true };
    const previous = selectPart.get(uploadId, part.partNumber);
    upsertPart.run({ uploadId, ...part, now: nowSeconds() });
    return { refused: false, replaced: previous?.file };
  });

  const abortTx = db.transaction((id: number): UploadPart[] | null => {
    if (!move(id, 'pending', 'aborted')) return null;
    const dropped = selectParts.all(id);
    deleteParts.run(id);
    return dropped;
  });

  return {
    /** Creates every upload or, if any insert fails, none. */
    createAll(inputs: NewUpload[]): Upload[] {
      return createAllTx(inputs);
    },

    get(orgId: number, id: number): Upload | null {
      const row = selectOne.get(id, orgId);
      return row ? fromRow(row) : null;
    },

    /** For the signed PUT, which has no API key: the signature vouches for the key. */
    byKey(key: string): Upload | null {
      const row = selectByKey.get(key);
      return row ? fromRow(row) : null;
    },

    list(orgId: number, filter: { ids?: number[]; statuses?: UploadState[] }): Upload[] {
      const ids = filter.ids ? JSON.stringify(filter.ids) : null;
      const statuses = filter.statuses ? JSON.stringify(filter.statuses) : null;
      return selectList.all({ orgId, ids, statuses }).map(fromRow);
    },

    /** Moves `from` -> `to` only if the upload is still in `from`; false otherwise. */
    move,

    parts: (id: number) => selectParts.all(id),
    part: (id: number, partNumber: number) => selectPart.get(id, partNumber) ?? null,

    /**
     * Records a part while the upload is pending; a part number seen before is replaced (as S3
     * does). Returns the replaced part's file to delete, or `refused` when the upload moved on.
     */
    putPart(uploadId: number, part: UploadPart): PutPartOutcome {
      return putPartTx(uploadId, part);
    },

    /** Forgets the parts (their files are the caller's to delete) and returns them. */
    dropParts(id: number): UploadPart[] {
      const parts = selectParts.all(id);
      deleteParts.run(id);
      return parts;
    },

    /** Pending -> aborted, dropping the parts; null when the upload was not pending. */
    abort(id: number): UploadPart[] | null {
      return abortTx(id);
    },

    /** At start: an assembly that a crash interrupted can be completed again. */
    resetProcessing: () => resetProcessing.run(nowSeconds()).changes,

    /** Every part file the database knows, for the start-up sweep of the parts folder. */
    knownPartFiles: () => new Set(allPartFiles.all().map((row) => row.file)),
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
