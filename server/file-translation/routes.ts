import { open } from 'node:fs/promises';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  MonitorFileTranslationQuery,
  TranslatedFileQuery,
  TranslateFileQuery,
  TranslationInfo,
} from '../../shared/api/file-translation';
import type { BlobStore } from '../blobs/blob-store';
import { attachmentDisposition } from '../http/content-disposition';
import { notFound } from '../http/http-error';
import type { TranslationService } from './service';

export interface TranslationRoutesOptions {
  service: TranslationService;
  blobs: BlobStore;
}

const ErrorRef = Type.Ref('Error');
const binaryResponse = {
  description: 'The translated file',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

/** File translation (API.md 4.3 and Part A "File translation"). */
export const translationRoutes: FastifyPluginAsync<TranslationRoutesOptions> = async (
  app,
  { service, blobs },
) => {
  app.post(
    '/v2/translate/file',
    {
      schema: {
        summary: 'Translate files with a memory (TM, then MT for the rest), in the background',
        description:
          'One TranslationInfo per file, InProgress; poll GET /v2/translate/file. `memoryId` ' +
          'gives the language pair and the matches; `withTM=false` uses MT alone. `configId` ' +
          'names a filter configuration (GET /v3/domains; unknown: 400) whose ' +
          '`settings.tmThreshold` is the lowest TM score taken; a configuration of another ' +
          'format than the file lends its threshold all the same. `tmThreshold` (our ' +
          'extension, 50-101) sets that score directly and wins; default 75.',
        tags: ['translate'],
        operationId: 'translateFile',
        querystring: TranslateFileQuery,
        response: { 200: Type.Array(TranslationInfo), 404: ErrorRef },
      },
    },
    async (request) =>
      service.start(
        request.auth.orgId,
        request.auth.userId,
        request.query as Static<typeof TranslateFileQuery>,
      ),
  );

  app.get(
    '/v2/translate/file',
    {
      schema: {
        summary: 'Monitor file translations by ids, status or creation time',
        description:
          'At least one of `translationIds`, `status`, `fromTime` (inclusive) and `toTime` ' +
          '(exclusive, epoch seconds); newest first.',
        tags: ['translate'],
        operationId: 'monitorFileTranslation',
        querystring: MonitorFileTranslationQuery,
        response: { 200: Type.Array(TranslationInfo) },
      },
    },
    async (request) =>
      service.list(request.auth.orgId, request.query as Static<typeof MonitorFileTranslationQuery>),
  );

  app.get(
    '/v2/translate/files',
    {
      schema: {
        summary: 'Download a translated file (409 until it is ready)',
        tags: ['translate'],
        operationId: 'downloadFileTranslation',
        querystring: TranslatedFileQuery,
        response: { 200: binaryResponse, 404: ErrorRef, 409: ErrorRef },
      },
    },
    async (request, reply) => {
      const { id } = request.query as Static<typeof TranslatedFileQuery>;
      const row = await service.downloadable(request.auth.orgId, id);
      const handle = await open(blobs.pathOf(row.result_sha256), 'r').catch(() => null);
      if (!handle) throw notFound(`Translation ${id} has lost its file`);
      const { size } = await handle.stat();
      await service.downloaded(id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', attachmentDisposition(row.translated_name))
        .send(handle.createReadStream());
    },
  );
};
