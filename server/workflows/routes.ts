import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { WorkflowTemplate } from '../../shared/api/workflows';
import { templatesOf } from './templates';

/** `GET /v2/workflows/templates` (API.md 4.14): the templates defined in templates.ts. */
export const workflowsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/v2/workflows/templates',
    {
      schema: {
        summary: 'The workflow templates a project can follow',
        description:
          "Each starts at READY_TO_START (the board's backlog) and ends at DONE; a project " +
          'with a template moves only through its stages (backlog READY_TO_START, inProgress ' +
          'TRANSLATE, inReview REVIEW, inQA SECONDARY_REVIEW, done DONE; 409 otherwise) and ' +
          'moves on by itself when all its segments are confirmed in TRANSLATE, or reviewed in ' +
          "REVIEW. `TeamId` is, in our reading, the caller's organization id.",
        tags: ['workflows'],
        operationId: 'getWorkflowTemplates',
        response: { 200: Type.Array(WorkflowTemplate) },
      },
    },
    async (request): Promise<WorkflowTemplate[]> => templatesOf(request.auth.orgId),
  );
};
