import type { FastifyInstance } from 'fastify';
import type { Storage } from '../db/storage';
import { createWorkflowAdvance, type ProjectMoved, type WorkflowAdvance } from './advance';
import { workflowsRoutes } from './routes';

/**
 * Workflow templates: their list, and the advance that moves a project on when its stage's work
 * is done (the segments area calls it after a save).
 */
export async function registerWorkflows(
  app: FastifyInstance,
  options: { storage: Storage; moved?: ProjectMoved },
): Promise<{ advance: WorkflowAdvance }> {
  await app.register(workflowsRoutes);
  return { advance: createWorkflowAdvance(options.storage, app.log, options.moved) };
}
