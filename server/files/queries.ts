import type { FileCategory, SourceFile } from '../../shared/api/files';
import type { Database } from '../db/db';
import { nowSeconds } from '../db/time';

interface FileRow {
  id: number;
  name: string;
  file_hash: string;
  detected_lang: string;
  detected_lang_confidence: number;
  is_detecting: number;
  category: FileCategory;
  labels: string;
  created_at: number;
  updated_at: number;
  size: number;
  project_id: number | null;
}

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

/** `2019-10-16 22:12:34+00:00`, the format of the public SourceFile examples. */
export function formatTimestamp(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

// Labels come back in the order they were added, as one JSON array per file.
const FILE_COLUMNS = `f.id, f.name, f.file_hash, f.detected_lang, f.detected_lang_confidence,
  f.is_detecting, f.category, f.created_at, f.updated_at, f.size, f.project_id,
  (SELECT json_group_array(name) FROM
     (SELECT l.name FROM file_labels l WHERE l.file_id = f.id ORDER BY l.id)) AS labels`;

function toWire(row: FileRow): SourceFile {
  return {
    id: row.id,
    name: row.name,
    file_hash: row.file_hash,
    detected_lang: row.detected_lang,
    detected_lang_confidence: row.detected_lang_confidence,
    category: row.category,
    labels: JSON.parse(row.labels) as string[],
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
 */
export function createFileStore(db: Database) {
  const insertFile = db.prepare(
    `INSERT INTO files (org_id, user_id, project_id, name, file_hash, blob_sha256, size, category,
       is_detecting, created_at, updated_at)
     VALUES (@orgId, @userId, @projectId, @name, @fileHash, @sha256, @size, @category,
       @isDetecting, @now, @now)`,
  );
  const insertLabel = db.prepare<[number, string]>(
    'INSERT OR IGNORE INTO file_labels (file_id, name) VALUES (?, ?)',
  );
  const deleteLabel = db.prepare<[number, string]>(
    'DELETE FROM file_labels WHERE file_id = ? AND name = ?',
  );
  const touch = db.prepare<[number, number]>('UPDATE files SET updated_at = ? WHERE id = ?');
  const selectOne = db.prepare<[number, number], FileRow>(
    `SELECT ${FILE_COLUMNS} FROM files f WHERE f.id = ? AND f.org_id = ?`,
  );
  const selectBlob = db.prepare<[number, number], FileBlob>(
    `SELECT id, name, size, blob_sha256 AS sha256 FROM files WHERE id = ? AND org_id = ?`,
  );
  const selectBlobById = db.prepare<[number], FileBlob>(
    `SELECT id, name, size, blob_sha256 AS sha256 FROM files WHERE id = ?`,
  );
  const deleteFile = db.prepare<[number, number]>('DELETE FROM files WHERE id = ? AND org_id = ?');
  const setLanguage = db.prepare<[string, number, number, number]>(
    `UPDATE files SET detected_lang = ?, detected_lang_confidence = ?, is_detecting = 0,
        updated_at = ?
      WHERE id = ?`,
  );
  const projectInOrg = db.prepare<[number, number], { one: number }>(
    'SELECT 1 AS one FROM projects WHERE id = ? AND org_id = ?',
  );
  const listQueries = new Map<number, ReturnType<typeof db.prepare<unknown[], FileRow>>>();

  function listQuery(labelCount: number) {
    let query = listQueries.get(labelCount);
    if (!query) {
      // A file qualifies when it carries every one of the (distinct) labels asked for.
      const having =
        labelCount === 0
          ? ''
          : `AND (SELECT count(*) FROM file_labels l WHERE l.file_id = f.id
                   AND l.name IN (${Array(labelCount).fill('?').join(', ')})) = ${labelCount}`;
      query = db.prepare<unknown[], FileRow>(
        `SELECT ${FILE_COLUMNS} FROM files f WHERE f.org_id = ? ${having} ORDER BY f.id`,
      );
      listQueries.set(labelCount, query);
    }
    return query;
  }

  const addLabelTx = db.transaction((orgId: number, id: number, name: string): boolean => {
    if (!selectBlob.get(id, orgId)) return false;
    if (insertLabel.run(id, name).changes > 0) touch.run(nowSeconds(), id);
    return true;
  });

  const removeLabelTx = db.transaction(
    (orgId: number, id: number, name: string): 'removed' | 'no-file' | 'no-label' => {
      if (!selectBlob.get(id, orgId)) return 'no-file';
      if (deleteLabel.run(id, name).changes === 0) return 'no-label';
      touch.run(nowSeconds(), id);
      return 'removed';
    },
  );

  function get(orgId: number, id: number): SourceFile | null {
    const row = selectOne.get(id, orgId);
    return row ? toWire(row) : null;
  }

  return {
    get,

    /** The organization's files that carry all of `labels` (all files when it is empty). */
    list(orgId: number, labels: string[] = []): SourceFile[] {
      const distinct = [...new Set(labels)];
      return listQuery(distinct.length)
        .all(orgId, ...distinct)
        .map(toWire);
    },

    /** Inserts the record and its labels; call inside the transaction that commits its blob. */
    insert(file: NewFile, now = nowSeconds()): number {
      const { labels, isDetecting, ...columns } = file;
      const result = insertFile.run({ ...columns, isDetecting: isDetecting ? 1 : 0, now });
      const id = Number(result.lastInsertRowid);
      for (const label of labels) insertLabel.run(id, label);
      return id;
    },

    projectExists(orgId: number, projectId: number): boolean {
      return projectInOrg.get(projectId, orgId) !== undefined;
    },

    blobOf(orgId: number, id: number): FileBlob | null {
      return selectBlob.get(id, orgId) ?? null;
    },

    /** For background work, which acts on behalf of the file's organization already. */
    blobOfAnyOrg(id: number): FileBlob | null {
      return selectBlobById.get(id) ?? null;
    },

    /** Deletes the record and its labels; returns its blob's digest, or null if there was none. */
    remove(orgId: number, id: number): string | null {
      const blob = selectBlob.get(id, orgId);
      if (!blob) return null;
      // One statement, so no transaction is needed; labels go by ON DELETE CASCADE.
      return deleteFile.run(id, orgId).changes > 0 ? blob.sha256 : null;
    },

    /** False when there is no such file; adding a label it already has changes nothing. */
    addLabel(orgId: number, id: number, name: string): boolean {
      return addLabelTx(orgId, id, name);
    },

    removeLabel(orgId: number, id: number, name: string): 'removed' | 'no-file' | 'no-label' {
      return removeLabelTx(orgId, id, name);
    },

    /** Records the outcome of language detection; false when the file is gone. */
    setDetectedLanguage(id: number, lang: string, confidence: number, now = nowSeconds()): boolean {
      return setLanguage.run(lang, confidence, now, id).changes > 0;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
