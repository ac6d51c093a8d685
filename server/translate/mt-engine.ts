import type { FastifyInstance } from 'fastify';
import { createApertiumEngine, type MtEngine } from '../mt/engine';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The machine translation engine, or null when the server runs without MT. Used by
     * `POST /v2/translate` and document pretranslation.
     */
    mt: MtEngine | null;
  }
}

/**
 * Decorates `app.mt`. `undefined` means the default, one Apertium engine for the app's lifetime;
 * it starts no process until the first translation, so building many apps in tests costs
 * nothing, and it is closed with the app. An engine passed in belongs to the caller (like the
 * database), who may share it between apps and closes it.
 */
export function registerMtEngine(app: FastifyInstance, given: MtEngine | null | undefined): void {
  const mt = given === undefined ? createApertiumEngine() : given;
  app.decorate('mt', mt);
  if (given === undefined && mt) app.addHook('onClose', () => mt.close());
}
