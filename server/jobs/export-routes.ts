import type { FastifyPluginAsync } from 'fastify';
import { JobExportQuery, JobIdParams } from '../../shared/api/jobs';
import { attachmentDisposition } from '../http/content-disposition';
import type { JobExports } from './export-work';
import { ErrorRef, errors, tags, type ById } from './routes';

/** `GET /v2/jobs/{jobId}/export` and `.../download` (API.md 4.9): a job's zip. */
export const jobExportRoutes: FastifyPluginAsync<{ exports: JobExports }> = async (
  app,
  { exports },
) => {
  app.get<ById & { Querystring: JobExportQuery }>(
    '/v2/jobs/:jobId/export',
    {
      schema: {
        summary: 'Start exporting a job: its translated files, or its memories as TMX',
        description:
          'Runs in the background: `isProcessing` is 1, then 0 when the zip can be downloaded, ' +
          'or -2 with `processingErrorMsg`.',
        tags,
        operationId: 'exportJob',
        params: JobIdParams,
        querystring: JobExportQuery,
        response: { 200: { description: 'Started', type: 'null' }, ...errors },
      },
    },
    async (request, reply) => {
      await exports.start(request.auth, request.params.jobId, request.query.type);
      return reply.code(200).send();
    },
  );

  app.get<ById>(
    '/v2/jobs/:jobId/download',
    {
      schema: {
        summary: "Download the job's last export (a zip)",
        tags,
        operationId: 'downloadJob',
        params: JobIdParams,
        response: {
          200: {
            description: 'The zip',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          404: ErrorRef,
          409: ErrorRef,
        },
      },
    },
    async (request, reply) => {
      const { jobId } = request.params;
      const download = await exports.download(request.auth.orgId, jobId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentDisposition(`${download.name}.zip`))
        .send(download.stream);
    },
  );
};
