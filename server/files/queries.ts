import type { FileCategory, SourceFile } from '../../shared/api/files';
import type { Queryable, Storage } from '../db/storage';
import { nowSeconds } from '../db/time';

/** What a stored file's bytes are: where they live and how to name them in a download. */
export interface FileBlob {
  id: number;
  name: string;
  size: number;
  sha256: string;
}

export interface NewFile {
  orgId: number;
  userId: number | null;
  projectId: number | null;
  name: string;
  fileHash: string;
  sha256: string;
  size: number;
  category: FileCategory;
  labels: string[];
  /** Language detection is queued for it. */
  isDetecting: boolean;
}

export type RemoveLabelOutcome = 'removed' | 'no-file' | 'no-label';

/** `2019-10-16 22:12:34+00:00`, the format of the public SourceFile examples. */
export function formatTimestamp(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

const FILE_COLUMNS = [
  'f.id',
  'f.name',
  'f.file_hash',
  'f.detected_lang',
  'f.detected_lang_confidence',
  'f.is_detecting',
  'f.category',
  'f.created_at',
  'f.updated_at',
  'f.size',
  'f.project_id',
] as const;

function fileRows(db: Queryable) {
  return db.selectFrom('files as f').select(FILE_COLUMNS);
}

type FileRow = Awaited<ReturnType<ReturnType<typeof fileRows>['executeTakeFirstOrThrow']>>;

function toWire(row: FileRow, labels: string[]): SourceFile {
  return {
    id: row.id,
    name: row.name,
    file_hash: row.file_hash,
    detected_lang: row.detected_lang,
    detected_lang_confidence: row.detected_lang_confidence,
    category: row.category as FileCategory,
    labels,
    created_at: formatTimestamp(row.created_at),
    updated_at: formatTimestamp(row.updated_at),
    size: row.size,
    project_id: row.project_id,
    is_detecting: row.is_detecting !== 0,
  };
}

/**
 * File records of an organization and their labels. Every lookup takes the organization, so a
 * foreign id behaves exactly like an unknown one. The bytes are the blob store's business.
 * `db` is the storage's handle or an open transaction; a read of files with their labels (two
 * queries) runs in a snapshot, a change that reads what it checks in a transaction: see
 * `createFileStore`.
 */
export function fileQueries(db: Queryable) {
  const blobRow = (id: number) =>
    db
      .selectFrom('files')
      .select(['id', 'name', 'size', 'blob_sha256 as sha256'])
      .where('id', '=', id);

  /** The files' labels, each list in the order they were added. */
  async function withLabels(
    rows: FileRow[],
    labelRows: () => Promise<{ file_id: number; name: string }[]>,
  ): Promise<SourceFile[]> {
    if (rows.length === 0) return [];
    const labels = new Map<number, string[]>();
    for (const label of await labelRows()) {
      const list = labels.get(label.file_id);
      if (list) list.push(label.name);
      else labels.set(label.file_id, [label.name]);
    }
    return rows.map((row) => toWire(row, labels.get(row.id) ?? []));
  }

  async function touch(id: number, now: number): Promise<void> {
    await db.updateTable('files').set({ updated_at: now }).where('id', '=', id).execute();
  }

  return {
    async get(orgId: number, id: number): Promise<SourceFile | null> {
      const row = await fileRows(db)
        .where('f.id', '=', id)
        .where('f.org_id', '=', orgId)
        .executeTakeFirst();
      if (!row) return null;
      const [file] = await withLabels([row], () =>
        db
          .selectFrom('file_labels')
          .select(['file_id', 'name'])
          .where('file_id', '=', id)
          .orderBy('id')
          .execute(),
      );
      return file ?? null;
    },

    /** The organization's files that carry all of `labels` (all files when it is empty). */
    async list(orgId: number, labels: string[] = []): Promise<SourceFile[]> {
      const distinct = [...new Set(labels)];
      const selected = db.selectFrom('files as f').where('f.org_id', '=', orgId);
      // A file qualifies when it carries every one of the (distinct) labels asked for.
      const qualifying =
        distinct.length === 0
          ? selected
          : selected.where((eb) =>
              eb(
                eb
                  .selectFrom('file_labels as l')
                  .select(eb.fn.countAll().as('n'))
                  .whereRef('l.file_id', '=', 'f.id')
                  .where('l.name', 'in', distinct),
                '=',
                distinct.length,
              ),
            );
      const rows = await qualifying.select(FILE_COLUMNS).orderBy('f.id').execute();
      return withLabels(rows, () =>
        db
          .selectFrom('file_labels')
          .select(['file_id', 'name'])
          .where('file_id', 'in', qualifying.select('f.id'))
          .orderBy('id')
          .execute(),
      );
    },

    /** Inserts the record and its labels; call inside the transaction that commits its blob. */
    async insert(file: NewFile, now = nowSeconds()): Promise<number> {
      const row = await db
        .insertInto('files')
        .values({
          org_id: file.orgId,
          user_id: file.userId,
          project_id: file.projectId,
          name: file.name,
          file_hash: file.fileHash,
          blob_sha256: file.sha256,
          size: file.size,
          category: file.category,
          is_detecting: file.isDetecting ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (file.labels.length > 0) {
        await db
          .insertInto('file_labels')
          .values(file.labels.map((name) => ({ file_id: row.id, name })))
          .onConflict((oc) => oc.columns(['file_id', 'name']).doNothing())
          .execute();
      }
      return row.id;
    },

    async projectExists(orgId: number, projectId: number): Promise<boolean> {
      const row = await db
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .where('org_id', '=', orgId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** `lock`: the file's row stays locked to the transaction's end (PostgreSQL only). */
    async blobOf(orgId: number, id: number, lock = false): Promise<FileBlob | null> {
      const query = blobRow(id).where('org_id', '=', orgId);
      return (await (lock ? query.forUpdate() : query).executeTakeFirst()) ?? null;
    },

    /** For background work, which acts on behalf of the file's organization already. */
    async blobOfAnyOrg(id: number): Promise<FileBlob | null> {
      return (await blobRow(id).executeTakeFirst()) ?? null;
    },

    /** Deletes the record and its labels; returns its blob's digest, or null if there was none. */
    async remove(orgId: number, id: number): Promise<string | null> {
      // One statement; labels go by ON DELETE CASCADE.
      const row = await db
        .deleteFrom('files')
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .returning('blob_sha256')
        .executeTakeFirst();
      return row?.blob_sha256 ?? null;
    },

    /** True if the label is new to the file (the file's time then changes). */
    async addLabel(id: number, name: string, now = nowSeconds()): Promise<boolean> {
      const inserted = await db
        .insertInto('file_labels')
        .values({ file_id: id, name })
        .onConflict((oc) => oc.columns(['file_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const added = inserted !== undefined;
      if (added) await touch(id, now);
      return added;
    },

    /** True if the file had the label (the file's time then changes). */
    async removeLabel(id: number, name: string, now = nowSeconds()): Promise<boolean> {
      const result = await db
        .deleteFrom('file_labels')
        .where('file_id', '=', id)
        .where('name', '=', name)
        .executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await touch(id, now);
      return removed;
    },

    /** Records the outcome of language detection; false when the file is gone. */
    async setDetectedLanguage(
      id: number,
      lang: string,
      confidence: number,
      now = nowSeconds(),
    ): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({
          detected_lang: lang,
          detected_lang_confidence: confidence,
          is_detecting: 0,
          updated_at: now,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type FileQueries = ReturnType<typeof fileQueries>;

/**
 * The files area over a storage: a file with its labels read in one snapshot, each change that
 * reads what it checks in one transaction. Storing a file goes through the blob store's commit
 * (`createFileService`), which opens the transaction.
 */
export function createFileStore(storage: Storage) {
  const reads = fileQueries(storage.db);
  const lock = storage.dialect === 'postgres';

  return {
    get: (orgId: number, id: number): Promise<SourceFile | null> =>
      storage.snapshot((tx) => fileQueries(tx).get(orgId, id)),

    /** The organization's files that carry all of `labels` (all files when it is empty). */
    list: (orgId: number, labels: string[] = []): Promise<SourceFile[]> =>
      storage.snapshot((tx) => fileQueries(tx).list(orgId, labels)),

    projectExists: (orgId: number, projectId: number): Promise<boolean> =>
      reads.projectExists(orgId, projectId),

    blobOf: (orgId: number, id: number): Promise<FileBlob | null> => reads.blobOf(orgId, id),

    /** For background work, which acts on behalf of the file's organization already. */
    blobOfAnyOrg: (id: number): Promise<FileBlob | null> => reads.blobOfAnyOrg(id),

    /** Deletes the record and its labels; returns its blob's digest, or null if there was none. */
    remove: (orgId: number, id: number): Promise<string | null> => reads.remove(orgId, id),

    /** False when there is no such file; adding a label it already has changes nothing. */
    addLabel: (orgId: number, id: number, name: string): Promise<boolean> =>
      storage.transaction(async (tx) => {
        const q = fileQueries(tx);
        if (!(await q.blobOf(orgId, id, lock))) return false;
        await q.addLabel(id, name);
        return true;
      }),

    removeLabel: (orgId: number, id: number, name: string): Promise<RemoveLabelOutcome> =>
      storage.transaction(async (tx) => {
        const q = fileQueries(tx);
        if (!(await q.blobOf(orgId, id, lock))) return 'no-file';
        return (await q.removeLabel(id, name)) ? 'removed' : 'no-label';
      }),

    /** Records the outcome of language detection; false when the file is gone. */
    setDetectedLanguage: (id: number, lang: string, confidence: number): Promise<boolean> =>
      reads.setDetectedLanguage(id, lang, confidence),
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
