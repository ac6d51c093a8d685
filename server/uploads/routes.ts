import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Id } from '../../shared/api/fields';
import type { UploadState } from '../../shared/api/uploads';
import {
  AbortMultipartResponse,
  CompleteMultipartBody,
  CompleteMultipartResponse,
  InitiateUploadRequest,
  MultipartUpload,
  S3KeyQuery,
  SignedPart,
  SignPartParams,
  SignPartQuery,
  UploadIdParams,
  UploadListQuery,
  UploadParams,
  UploadParamsQuery,
  UploadStatus,
  type InitiateUploadBody,
} from '../../shared/api/uploads';
import { UploadTooLargeError } from '../blobs/blob-store';
import { checkFileName } from '../http/file-name';
import { NO_BYTES_MESSAGE } from '../files/file-service';
import { checkLabel, parseLabelList } from '../files/labels';
import { parseIdList } from '../http/decimal';
import { badRequest, HttpError, notFound } from '../http/http-error';
import {
  acceptRawBodies,
  binaryBody,
  declaredLength,
  interrupted,
  isClientAbort,
  payloadTooLarge,
  rawBody,
  skipBodyValidation,
} from '../http/raw-body';
import {
  uploadToWire,
  type NewUpload,
  type Upload,
  type UploadKind,
  type UploadStore,
} from './queries';
import type { UploadService } from './upload-service';

export interface UploadsRoutesOptions {
  uploads: UploadStore;
  service: UploadService;
  maxUploadBytes: number;
}

const SignedPutQuery = Type.Object({
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ minLength: 1, maxLength: 200 }),
  uploadId: Type.Optional(Id),
  partNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  size: Type.Optional(Type.Integer({ minimum: 0 })),
});

const UPLOAD_STATES = new Set<string>(['pending', 'processing', 'completed', 'aborted']);

/** This server as the client reached it: where signed URLs must point. */
const baseUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function tooLarge(reply: FastifyReply, limit: number): HttpError {
  reply.header('connection', 'close');
  return payloadTooLarge(limit);
}

function parsePartNumber(raw: string, fromQuery: number | undefined): number {
  if (raw === 'partNumber') {
    if (fromQuery === undefined) throw badRequest('query parameter partNumber: is required');
    return fromQuery;
  }
  const number = /^\d{1,5}$/.test(raw) ? Number(raw) : 0;
  if (number < 1 || number > 10_000) {
    throw badRequest('path parameter partNumber: must be an integer from 1 to 10000');
  }
  return number;
}

function uploadIds(list: string | undefined): number[] | undefined {
  if (list === undefined || list === '') return undefined;
  const ids = parseIdList(list);
  if (!ids) throw badRequest(`query parameter ids: "${list}" is not a comma list of upload ids`);
  return ids;
}

function parseStatuses(list: string | undefined): UploadState[] | undefined {
  if (list === undefined || list.trim() === '') return undefined;
  return list.split(',').map((item) => {
    const status = item.trim();
    if (!UPLOAD_STATES.has(status)) {
      throw badRequest(
        `query parameter statuses: "${status}" is not one of ${[...UPLOAD_STATES].join(', ')}`,
      );
    }
    return status as UploadState;
  });
}

/** Cloud-style uploads (API.md 4.13), served by this server itself. */
export const uploadsRoutes: FastifyPluginAsync<UploadsRoutesOptions> = async (app, options) => {
  const { uploads, service, maxUploadBytes } = options;

  /** One upload to create, checked: a 400 or 413 here means nothing was created. */
  function checked(request: FastifyRequest, body: InitiateUploadBody, kind: UploadKind): NewUpload {
    const filename = checkFileName(body.filename, 'filename');
    const metadata = body.metadata ?? {};
    if (metadata.size !== undefined && metadata.size > maxUploadBytes) {
      throw new HttpError(413, `metadata.size is over the upload limit of ${maxUploadBytes} bytes`);
    }
    const labels = (metadata.labels ?? []).map((label) => checkLabel(label, 'metadata.labels'));
    return {
      orgId: request.auth.orgId,
      userId: request.auth.userId,
      kind,
      filename,
      contentType: body.type,
      details: {
        category: metadata.category,
        labels: [...new Set(labels)],
        size: metadata.size,
        uuid: metadata.uuid,
      },
    };
  }

  /** Checks every body of an array before creating all of them in one transaction. */
  async function startAll<T>(
    request: FastifyRequest,
    input: InitiateUploadRequest,
    kind: UploadKind,
    answer: (upload: Upload) => T,
  ): Promise<T | T[]> {
    const bodies = Array.isArray(input) ? input : [input];
    const created = await uploads.createAll(bodies.map((body) => checked(request, body, kind)));
    const answers = created.map(answer);
    return Array.isArray(input) ? answers : answers[0]!;
  }

  const singleAnswer = (request: FastifyRequest) => (upload: Upload) => ({
    url: service.signedUrl(baseUrl(request), { key: upload.key }),
    key: upload.key,
    method: 'PUT' as const,
  });

  app.post(
    '/v2/upload/s3/params',
    {
      schema: {
        summary: 'Start uploads: a signed URL to PUT each whole file to',
        tags: ['uploads'],
        operationId: 'getUploadParams',
        body: InitiateUploadRequest,
        response: { 200: Type.Union([UploadParams, Type.Array(UploadParams)]) },
      },
    },
    async (request) =>
      startAll(request, request.body as InitiateUploadRequest, 'single', singleAnswer(request)),
  );

  app.get(
    '/v2/upload/s3/params',
    {
      schema: {
        summary: 'Start an upload: a signed URL to PUT the whole file to',
        tags: ['uploads'],
        operationId: 'getUploadParamsByQuery',
        querystring: UploadParamsQuery,
        response: { 200: UploadParams },
      },
    },
    async (request) => {
      const query = request.query as Static<typeof UploadParamsQuery>;
      const body: InitiateUploadBody = {
        filename: query.filename,
        type: query.type,
        metadata: {
          size: query['metadata.size'],
          category: query['metadata.category'],
          uuid: query['metadata.uuid'],
          labels: parseLabelList(query['metadata.labels'], 'metadata.labels'),
        },
      };
      return startAll(request, body, 'single', singleAnswer(request));
    },
  );

  app.post(
    '/v2/upload/s3/multipart',
    {
      schema: {
        summary: 'Start multipart uploads',
        tags: ['uploads'],
        operationId: 'createMultipartUpload',
        body: InitiateUploadRequest,
        response: { 200: Type.Union([MultipartUpload, Type.Array(MultipartUpload)]) },
      },
    },
    async (request) =>
      startAll(request, request.body as InitiateUploadRequest, 'multipart', (upload) => ({
        uploadId: String(upload.id),
        key: upload.key,
      })),
  );

  app.get(
    '/v2/upload/s3/multipart/:uploadId/:partNumber',
    {
      schema: {
        summary: 'A signed URL to PUT one part to (part numbers 1 to 10000)',
        tags: ['uploads'],
        operationId: 'signPart',
        params: SignPartParams,
        querystring: SignPartQuery,
        response: { 200: SignedPart },
      },
    },
    async (request) => {
      const params = request.params as Static<typeof SignPartParams>;
      const query = request.query as Static<typeof SignPartQuery>;
      const partNumber = parsePartNumber(params.partNumber, query.partNumber);
      const upload = await service.owned(
        request.auth.orgId,
        params.uploadId,
        query.s3Key,
        'multipart',
      );
      if (upload.status !== 'pending') {
        throw new HttpError(409, `Upload ${upload.id} is already ${upload.status}`);
      }
      if (query.size > maxUploadBytes) {
        throw new HttpError(413, `size is over the upload limit of ${maxUploadBytes} bytes`);
      }
      const url = service.signedUrl(baseUrl(request), {
        key: upload.key,
        uploadId: upload.id,
        partNumber,
        size: query.size,
      });
      return { url, method: 'PUT' as const };
    },
  );

  app.post(
    '/v2/upload/s3/multipart/:uploadId/complete',
    {
      schema: {
        summary: 'Assemble the uploaded parts, in order, into one file',
        tags: ['uploads'],
        operationId: 'completeMultipartUpload',
        params: UploadIdParams,
        querystring: S3KeyQuery,
        body: CompleteMultipartBody,
        response: { 200: CompleteMultipartResponse },
      },
    },
    async (request, reply) => {
      const { uploadId } = request.params as Static<typeof UploadIdParams>;
      const { s3Key } = request.query as Static<typeof S3KeyQuery>;
      const { parts } = request.body as CompleteMultipartBody;
      const upload = await service.owned(request.auth.orgId, uploadId, s3Key, 'multipart');
      try {
        const fileId = await service.complete(upload, parts);
        return { success: true, location: `${baseUrl(request)}/v2/files/download?id=${fileId}` };
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw tooLarge(reply, error.limit);
        throw error;
      }
    },
  );

  app.delete(
    '/v2/upload/s3/multipart/:uploadId',
    {
      schema: {
        summary: 'Abort a multipart upload and delete its parts',
        tags: ['uploads'],
        operationId: 'abortMultipartUpload',
        params: UploadIdParams,
        querystring: S3KeyQuery,
        response: { 200: AbortMultipartResponse },
      },
    },
    async (request) => {
      const { uploadId } = request.params as Static<typeof UploadIdParams>;
      const { s3Key } = request.query as Static<typeof S3KeyQuery>;
      const upload = await service.owned(request.auth.orgId, uploadId, s3Key, 'multipart');
      const alreadyAborted = upload.status === 'aborted';
      const removed = await service.abort(upload);
      const message = alreadyAborted
        ? `Upload ${uploadId} was already aborted`
        : `Upload ${uploadId} aborted; ${removed} part${removed === 1 ? '' : 's'} deleted`;
      return { success: true, message };
    },
  );

  app.get(
    '/v2/upload',
    {
      schema: {
        summary: "The organization's uploads, by ids and states",
        tags: ['uploads'],
        operationId: 'getUploads',
        querystring: UploadListQuery,
        response: { 200: Type.Array(UploadStatus) },
      },
    },
    async (request) => {
      const query = request.query as Static<typeof UploadListQuery>;
      const filter = { ids: uploadIds(query.ids), statuses: parseStatuses(query.statuses) };
      return (await uploads.list(request.auth.orgId, filter)).map(uploadToWire);
    },
  );

  app.get(
    '/v2/upload/:uploadId',
    {
      schema: {
        summary: 'One upload and its state',
        tags: ['uploads'],
        operationId: 'getUpload',
        params: UploadIdParams,
        response: { 200: UploadStatus },
      },
    },
    async (request) => {
      const { uploadId } = request.params as Static<typeof UploadIdParams>;
      const upload = await uploads.get(request.auth.orgId, uploadId);
      if (!upload) throw notFound(`Upload ${uploadId} not found`);
      return uploadToWire(upload);
    },
  );

  // The signed PUT: no API key, the signature is the credential; the body is the raw bytes.
  await app.register(async (raw) => {
    acceptRawBodies(raw);
    raw.put(
      '/v2/upload/s3/objects/*',
      {
        config: { public: true },
        validatorCompiler: skipBodyValidation(raw),
        schema: {
          summary: 'PUT the bytes of a file or part to its signed URL (answers an ETag header)',
          tags: ['uploads'],
          operationId: 'putUploadObject',
          security: [],
          querystring: SignedPutQuery,
          body: binaryBody,
          response: { 200: Type.Null({ description: 'Stored; the ETag header is its MD5' }) },
        },
      },
      async (request, reply) => {
        const query = request.query as Static<typeof SignedPutQuery>;
        const key = (request.params as { '*': string })['*'];
        const grant = { ...query, key };
        const upload = await service.authorize(grant, query.signature);
        const length = declaredLength(request);
        const limit = grant.size ?? maxUploadBytes;
        if (length !== null && length > limit) throw tooLarge(reply, limit);
        const body = rawBody(request);
        const isPart = grant.uploadId !== undefined;
        if (!isPart && (!body || length === 0)) throw badRequest(NO_BYTES_MESSAGE);
        try {
          const etag = isPart
            ? await service.putPart(upload, grant, body)
            : await service.putWhole(upload, body!);
          return reply.header('etag', `"${etag}"`).code(200).send();
        } catch (error) {
          if (error instanceof UploadTooLargeError) throw tooLarge(reply, error.limit);
          if (isClientAbort(error)) throw interrupted();
          throw error;
        }
      },
    );
  });
};
