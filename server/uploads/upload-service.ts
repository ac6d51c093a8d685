import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { CompleteMultipartBody } from '../../shared/api/uploads';
import type { BlobStore } from '../blobs/blob-store';
import type { FileService } from '../files/file-service';
import { badRequest, conflict, HttpError, notFound } from '../http/http-error';
import { uploadQueries, type Upload, type UploadKind, type UploadStore } from './queries';
import type { PartFolder } from './part-folder';
import type { UploadGrant, UploadSigner } from './signing';

export interface UploadServiceDeps {
  uploads: UploadStore;
  parts: PartFolder;
  blobs: BlobStore;
  fileService: FileService;
  signer: UploadSigner;
  maxUploadBytes: number;
}

/** `"abc"`, `W/"abc"` and `abc` are the same ETag. */
export const normalizeEtag = (etag: string) => etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');

const forbidden = (message: string) => new HttpError(403, message);

function checkPending(upload: Upload): void {
  if (upload.status === 'pending') return;
  if (upload.status === 'processing') throw conflict(`Upload ${upload.id} is being completed`);
  throw conflict(`Upload ${upload.id} is already ${upload.status}`);
}

async function* concatenate(paths: string[]): AsyncGenerator<Buffer> {
  for (const path of paths) yield* createReadStream(path);
}

/**
 * The server side of the cloud-style uploads (API.md 4.13): signed URLs that point back at this
 * server, the signed PUTs, and the assembly of multipart uploads into files.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const { uploads, parts, blobs, fileService, signer, maxUploadBytes } = deps;

  /** The upload `id` of the caller's organization whose key is `s3Key`; 404 or 400 otherwise. */
  async function owned(
    orgId: number,
    id: number,
    s3Key: string,
    kind?: UploadKind,
  ): Promise<Upload> {
    const upload = await uploads.get(orgId, id);
    if (!upload) throw notFound(`Upload ${id} not found`);
    if (upload.key !== s3Key) throw badRequest(`s3Key "${s3Key}" is not the key of upload ${id}`);
    if (kind && upload.kind !== kind) {
      throw badRequest(`Upload ${id} is a ${upload.kind} upload, not a ${kind} one`);
    }
    return upload;
  }

  function signedUrl(baseUrl: string, grant: Omit<UploadGrant, 'expires'>): string {
    const signed = signer.grant(grant);
    const query = new URLSearchParams();
    if (grant.uploadId !== undefined) query.set('uploadId', String(grant.uploadId));
    if (grant.partNumber !== undefined) query.set('partNumber', String(grant.partNumber));
    if (grant.size !== undefined) query.set('size', String(grant.size));
    query.set('expires', String(signed.grant.expires));
    query.set('signature', signed.signature);
    const path = grant.key.split('/').map(encodeURIComponent).join('/');
    return `${baseUrl}/v2/upload/s3/objects/${path}?${query.toString()}`;
  }

  function fileDetails(upload: Upload) {
    return {
      orgId: upload.orgId,
      userId: upload.userId,
      projectId: null,
      name: upload.filename,
      category: upload.details.category ?? 'API',
      labels: upload.details.labels ?? [],
      detectLanguage: false,
    } as const;
  }

  /** A single PUT of the whole file: it becomes a file and the upload `completed`. */
  async function putWhole(upload: Upload, body: IncomingMessage): Promise<string> {
    if (upload.kind !== 'single') {
      throw badRequest(`Upload ${upload.id} is multipart: PUT its parts to their signed URLs`);
    }
    checkPending(upload);
    const file = await fileService.store(body, fileDetails(upload), {
      maxBytes: maxUploadBytes,
      alsoRecord: async (tx, fileId) => {
        if (!(await uploadQueries(tx).move(upload.id, 'pending', 'completed', fileId))) {
          throw conflict(`Upload ${upload.id} is no longer pending`);
        }
      },
    });
    return file.file_hash;
  }

  /** One part: kept in the parts folder until `complete`; a part sent again replaces the old one. */
  async function putPart(upload: Upload, grant: UploadGrant, body: IncomingMessage | null) {
    const partNumber = grant.partNumber ?? 1;
    const size = grant.size ?? 0;
    if (upload.kind !== 'multipart' || upload.id !== grant.uploadId) {
      throw forbidden('The upload URL does not belong to this upload');
    }
    checkPending(upload);
    // A request without a body is a zero-byte part, which its signed size may allow.
    const staged = await blobs.stage(body ?? Readable.from([]), size);
    if (staged.size !== size) {
      blobs.discard(staged);
      throw badRequest(
        `Part ${partNumber} has ${staged.size} bytes; its URL was signed for ${size}`,
      );
    }
    const file = parts.place(staged.tempPath, upload.id, partNumber);
    const outcome = await uploads.putPart(upload.id, {
      partNumber,
      etag: staged.md5,
      size,
      file,
    });
    if (outcome.refused) {
      parts.remove([file]);
      throw conflict(`Upload ${upload.id} is no longer pending`);
    }
    if (outcome.replaced) parts.remove([outcome.replaced]);
    return staged.md5;
  }

  /** Checks the client's part list against what arrived; returns the part files in order. */
  async function checkParts(
    upload: Upload,
    listed: CompleteMultipartBody['parts'],
  ): Promise<string[]> {
    const sorted = [...listed].sort((a, b) => a.PartNumber - b.PartNumber);
    const stored = new Map((await uploads.parts(upload.id)).map((part) => [part.partNumber, part]));
    const files: string[] = [];
    sorted.forEach((entry, index) => {
      const expected = index + 1;
      if (entry.PartNumber < expected) throw badRequest(`Part ${entry.PartNumber} is listed twice`);
      if (entry.PartNumber > expected) {
        throw badRequest(`Part ${expected} is missing: parts must be numbered 1 to N without gaps`);
      }
      const part = stored.get(entry.PartNumber);
      if (!part) throw badRequest(`Part ${entry.PartNumber} was never uploaded`);
      if (normalizeEtag(entry.ETag) !== part.etag) {
        throw badRequest(`ETag of part ${entry.PartNumber} does not match the uploaded part`);
      }
      files.push(part.file);
    });
    const extra = [...stored.keys()].find((number) => number > sorted.length);
    if (extra !== undefined) {
      throw badRequest(`Part ${extra} was uploaded but is not in the list: list it or abort`);
    }
    return files;
  }

  return {
    owned,
    signedUrl,
    putWhole,
    putPart,

    /** Resolves a signed PUT to its upload; 403 for a bad or expired signature, 404 for no upload. */
    async authorize(grant: UploadGrant, signature: string): Promise<Upload> {
      const verdict = signer.verify(grant, signature);
      if (!verdict.ok) throw forbidden(verdict.reason);
      const upload = await uploads.byKey(grant.key);
      if (!upload) throw notFound(`No upload has the key "${grant.key}"`);
      return upload;
    },

    /** Assembles the listed parts, in order, into one file; the parts go once it is recorded. */
    async complete(upload: Upload, listed: CompleteMultipartBody['parts']): Promise<number> {
      checkPending(upload);
      const files = await checkParts(upload, listed);
      if (!(await uploads.move(upload.id, 'pending', 'processing'))) {
        throw conflict(`Upload ${upload.id} is no longer pending`);
      }
      try {
        const file = await fileService.store(
          concatenate(files.map(parts.pathOf)),
          fileDetails(upload),
          {
            maxBytes: maxUploadBytes,
            alsoRecord: async (tx, fileId) => {
              const q = uploadQueries(tx);
              await q.move(upload.id, 'processing', 'completed', fileId);
              await q.dropParts(upload.id);
            },
          },
        );
        parts.removeUpload(upload.id);
        return file.id;
      } catch (error) {
        await uploads.move(upload.id, 'processing', 'pending');
        throw error;
      }
    },

    /** Aborts a pending upload and deletes its parts; returns how many there were. */
    async abort(upload: Upload): Promise<number> {
      if (upload.status === 'aborted') return 0;
      checkPending(upload);
      const dropped = await uploads.abort(upload.id);
      if (!dropped) throw conflict(`Upload ${upload.id} is no longer pending`);
      parts.removeUpload(upload.id);
      return dropped.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
