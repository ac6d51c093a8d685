import type {
  CreateEngine,
  CreateEngineUpdate,
  CreatePreferences,
  CreateStatus,
  LiltCreateContent,
  LiltCreateContentUpdate,
  PreferencesUpdate,
} from '../../shared/api/create';
import type { Storage } from '../db/storage';
import { nowSeconds } from '../db/time';
import type { AuthContext } from '../http/auth';
import { badRequest, conflict, forbidden, notFound } from '../http/http-error';
import type { EngineSettings } from '../llm/engine';
import { memoryAccess } from '../memories/memory-access';
import { createTermHitFinder } from '../memories/termbase-hits';
import { contentToWire, fieldsOf, normalizeParams, type ContentRequest } from './content-wire';
import type { EnginePool } from './engine-pool';
import {
  effectiveEngine,
  engineColumns,
  engineToWire,
  NO_ENGINE_MESSAGE,
  type CreateOptions,
} from './engine-settings';
import { createQueries, type ContentFields } from './queries';

export const TERMS_MESSAGE =
  'Create is not available until the organization signs its terms and conditions: ' +
  'POST /v2/create/terms-and-conditions with {"signedAgreement": true}';

const contentNotFound = (id: number) => notFound(`Create content ${id} not found`);

/** Terms, preferences, the engine setting and the contents of Create, per organization. */
export function createCreateService(storage: Storage, pool: EnginePool, options: CreateOptions) {
  const queries = createQueries(storage.db);
  const memories = memoryAccess(storage);
  const termHits = createTermHitFinder(storage);
  const isTeamServer = storage.dialect === 'postgres';

  async function preferences(orgId: number): Promise<CreatePreferences> {
    const row = await queries.settings(orgId);
    return { tone: row?.tone ?? '', styleguide: row?.styleguide ?? '' };
  }

  return {
    preferences,

    async terms(orgId: number): Promise<{ signedAgreement: boolean }> {
      return { signedAgreement: (await queries.settings(orgId))?.is_terms_signed === 1 };
    },

    async signTerms(auth: AuthContext, signed: boolean): Promise<{ signedAgreement: boolean }> {
      await queries.signTerms(auth.orgId, signed, auth, nowSeconds());
      return { signedAgreement: signed };
    },

    async setPreferences(orgId: number, update: PreferencesUpdate): Promise<CreatePreferences> {
      // Only the fields given are written, so two changes of different fields both stay.
      const change = {
        ...(update.tone === undefined ? {} : { tone: update.tone || null }),
        ...(update.styleguide === undefined ? {} : { styleguide: update.styleguide || null }),
      };
      await queries.setPreferences(orgId, change, nowSeconds());
      return preferences(orgId);
    },

    async engine(orgId: number): Promise<CreateEngine> {
      return engineToWire(effectiveEngine(await queries.settings(orgId), options, isTeamServer));
    },

    async setEngine(orgId: number, update: CreateEngineUpdate): Promise<CreateEngine> {
      const stored = await queries.settings(orgId);
      const allowLocalEngines = options.allowLocalEngines ?? false;
      const columns = await engineColumns(update, { isTeamServer, allowLocalEngines, stored });
      await queries.setEngine(orgId, columns, nowSeconds());
      const effective = effectiveEngine(await queries.settings(orgId), options, isTeamServer);
      pool.changed(orgId, effective.settings);
      return engineToWire(effective);
    },

    /** The gate of a generation: the terms first (403), then an engine (409). */
    async requireGeneration(orgId: number): Promise<EngineSettings> {
      const row = await queries.settings(orgId);
      if (row?.is_terms_signed !== 1) throw forbidden(TERMS_MESSAGE);
      const { settings } = effectiveEngine(row, options, isTeamServer);
      if (!settings) throw conflict(NO_ENGINE_MESSAGE);
      return settings;
    },

    /** The termbase entries of the request's memory that its own words contain. */
    async termsFor(orgId: number, request: ContentRequest) {
      const { memoryId, summary, sections } = request.templateParams;
      if (memoryId === undefined) return [];
      await memories.requireMemory(orgId, memoryId);
      const text = [request.name, summary, ...(sections ?? [])].filter(Boolean).join('\n');
      const hits = (await termHits.find(orgId, memoryId, text)) ?? [];
      return hits.map(({ source, target }) => ({ source, target }));
    },

    async list(orgId: number): Promise<LiltCreateContent[]> {
      return (await queries.listContents(orgId)).map(contentToWire);
    },

    async get(orgId: number, id: number): Promise<LiltCreateContent> {
      const row = await queries.content(orgId, id);
      if (!row) throw contentNotFound(id);
      return contentToWire(row);
    },

    async update(orgId: number, id: number, body: LiltCreateContentUpdate) {
      if (body.id !== undefined && body.id !== id) {
        throw badRequest(`body field id: ${body.id} is not the content of the path (${id})`);
      }
      if (body.templateParams?.memoryId !== undefined) {
        await memories.requireMemory(orgId, body.templateParams.memoryId);
      }
      const fields: Partial<ContentFields> = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.language === undefined ? {} : { language: body.language }),
        ...(body.template === undefined ? {} : { template: body.template }),
        ...(body.text === undefined ? {} : { text: body.text }),
        ...(body.templateParams === undefined
          ? {}
          : { template_params: JSON.stringify(normalizeParams(body.templateParams)) }),
        ...(body.preferences === undefined
          ? {}
          : { preferences: JSON.stringify(body.preferences) }),
      };
      if (!(await queries.updateContent(orgId, id, fields, nowSeconds())))
        throw contentNotFound(id);
      return this.get(orgId, id);
    },

    async remove(orgId: number, id: number): Promise<{ id: number }> {
      if (!(await queries.deleteContent(orgId, id))) throw contentNotFound(id);
      return { id };
    },

    /** The request of a stored content, for a regeneration; 404 when it is not there. */
    async requestOf(orgId: number, id: number) {
      const row = await queries.content(orgId, id);
      if (!row) throw contentNotFound(id);
      return row;
    },

    /**
     * A new content as its first piece arrives, saved as `stopped` with that piece until the
     * generation ends (so one cut off by a crash reads as stopped): answers its id.
     */
    async create(auth: AuthContext, request: ContentRequest, text: string): Promise<number> {
      const fields = fieldsOf(request, text, 'stopped');
      return queries.insertContent(auth.orgId, auth.userId, fields, nowSeconds());
    },

    /** Saves a generation: a new content (`id` undefined) or over a regenerated one. */
    async save(
      auth: AuthContext,
      id: number | undefined,
      request: ContentRequest,
      text: string,
      status: CreateStatus,
    ): Promise<LiltCreateContent | null> {
      const fields = fieldsOf(request, text, status);
      const now = nowSeconds();
      if (id === undefined) id = await queries.insertContent(auth.orgId, auth.userId, fields, now);
      else if (!(await queries.updateContent(auth.orgId, id, fields, now))) return null;
      const row = await queries.content(auth.orgId, id);
      return row ? contentToWire(row) : null;
    },
  };
}

export type CreateService = ReturnType<typeof createCreateService>;
