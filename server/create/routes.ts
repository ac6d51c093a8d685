import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CreatePreferences,
  LiltCreateContent,
  LiltCreateContentList,
  LiltCreateContentRequest,
  LiltCreateContentUpdate,
  PreferencesUpdate,
  SignTermsRequest,
  SignTermsResponse,
} from '../../shared/api/create';
import { Id } from '../../shared/api/fields';
import type { EngineSettings } from '../llm/engine';
import { preferencesAsUsed, requestOf, requestOfRow } from './content-wire';
import type { EnginePool } from './engine-pool';
import { streamGeneration } from './generation';
import type { CreateService } from './service';

export interface CreateRoutesOptions {
  service: CreateService;
  pool: EnginePool;
}

export const BASE = '/v2/create';
export const tags = ['create'];
export const ErrorRef = Type.Ref('Error');
const ContentParams = Type.Object({ contentId: Id });
type ById = { Params: { contentId: number } };

export const STREAM_NOTE =
  'Answers `text/event-stream`: `event: message` with `data: {"text": "..."}` per piece as the ' +
  'engine generates it, then `event: message` `data: [DONE]`, then `event: fullcontent` with the ' +
  'saved content. Checked in this order: the terms (403 until signed), an engine (409 when none ' +
  'is configured, saying how), then the request (400). An engine that fails before its first ' +
  'piece answers 502 (504 on a timeout) and saves nothing. Our extensions: a client that ' +
  'disconnects stops the engine and the text so far is saved with `status` `stopped`; an engine ' +
  'that breaks off mid-stream ends the stream with `event: error` and `data: {"message", "id"}` ' +
  'and the text so far is saved with `status` `failed`.';
const eventStream = {
  description: 'Server-Sent Events: message pieces, message [DONE], fullcontent',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};
const STREAM_RESPONSES = {
  200: eventStream,
  400: ErrorRef,
  403: ErrorRef,
  404: ErrorRef,
  409: ErrorRef,
  502: ErrorRef,
  504: ErrorRef,
};

/** Create (API.md 4.12): terms, preferences, contents, and generation streamed as SSE. */
export const createRoutes: FastifyPluginAsync<CreateRoutesOptions> = async (app, options) => {
  const { service, pool } = options;
  // The gate runs before the body is even parsed, so the terms and the engine come first.
  const engines = new WeakMap<FastifyRequest, EngineSettings>();
  const gate = async <T>(request: FastifyRequest, _reply: unknown, payload: T): Promise<T> => {
    engines.set(request, await service.requireGeneration(request.auth.orgId));
    return payload;
  };

  app.get(
    `${BASE}/terms-and-conditions`,
    {
      schema: {
        summary: 'Whether the organization has signed the Create terms',
        description: 'Our extension: `{signedAgreement}`, false until signed or once withdrawn.',
        tags,
        operationId: 'getLiltCreateTerms',
        response: { 200: SignTermsResponse },
      },
    },
    async (request) => service.terms(request.auth.orgId),
  );

  app.post<{ Body: { signedAgreement: boolean } }>(
    `${BASE}/terms-and-conditions`,
    {
      schema: {
        summary: 'Sign the Create terms and conditions',
        description:
          'Generation is refused (403) until the organization has signed. Records when, and by ' +
          'which key and user; `false` withdraws the signature.',
        tags,
        operationId: 'signLiltCreateTerms',
        body: SignTermsRequest,
        response: { 200: SignTermsResponse, 400: ErrorRef },
      },
    },
    async (request) => service.signTerms(request.auth, request.body.signedAgreement),
  );

  app.get(
    BASE,
    {
      schema: {
        summary: "The organization's Create contents",
        description:
          'Oldest first. Our extensions on each: `text`, `status`, `createdAt`, `updatedAt`.',
        tags,
        operationId: 'getLiltCreateContent',
        response: { 200: LiltCreateContentList },
      },
    },
    async (request) => ({ contents: await service.list(request.auth.orgId) }),
  );

  app.post<{ Body: LiltCreateContentRequest }>(
    BASE,
    {
      preParsing: gate,
      schema: {
        summary: 'Generate a new content',
        description:
          '`templateParams.contentLength` is a number of words (a numeric string is taken); ' +
          '`templateParams.memoryId` names a memory whose termbase entries found in the ' +
          "request are to be used as written. Preferences not given are the organization's. " +
          STREAM_NOTE,
        tags,
        operationId: 'generateLiltCreateContent',
        body: LiltCreateContentRequest,
        response: STREAM_RESPONSES,
      },
    },
    async (request, reply) => {
      const stored = await service.preferences(request.auth.orgId);
      const preferences = preferencesAsUsed(stored, request.body.preferences);
      const settings = engines.get(request)!;
      await streamGeneration(request, reply, {
        service,
        pool,
        settings,
        request: requestOf(request.body, preferences),
      });
    },
  );

  app.get(
    `${BASE}/preferences`,
    {
      schema: {
        summary: "The organization's Create preferences",
        description: '`tone` and `styleguide`, empty when unset.',
        tags,
        operationId: 'getLiltCreatePreferences',
        response: { 200: CreatePreferences },
      },
    },
    async (request) => service.preferences(request.auth.orgId),
  );

  app.put<{ Body: PreferencesUpdate }>(
    `${BASE}/preferences`,
    {
      schema: {
        summary: "Change the organization's Create preferences",
        description: '`{tone, styleguide}`; a field left out keeps its value, "" clears it.',
        tags,
        operationId: 'updateLiltCreatePreferences',
        body: PreferencesUpdate,
        response: { 200: CreatePreferences, 400: ErrorRef },
      },
    },
    async (request) => service.setPreferences(request.auth.orgId, request.body),
  );

  app.get<ById>(
    `${BASE}/:contentId`,
    {
      schema: {
        summary: 'Get a Create content',
        tags,
        operationId: 'getLiltCreateById',
        params: ContentParams,
        response: { 200: LiltCreateContent, 404: ErrorRef },
      },
    },
    async (request) => service.get(request.auth.orgId, request.params.contentId),
  );

  app.put<ById & { Body: LiltCreateContentUpdate }>(
    `${BASE}/:contentId`,
    {
      schema: {
        summary: 'Change a Create content',
        description:
          'The fields present change; our extension `text` replaces the generated text (an edit).',
        tags,
        operationId: 'updateLiltCreateContent',
        params: ContentParams,
        body: LiltCreateContentUpdate,
        response: { 200: LiltCreateContent, 400: ErrorRef, 404: ErrorRef },
      },
    },
    async (request) => service.update(request.auth.orgId, request.params.contentId, request.body),
  );

  app.delete<ById>(
    `${BASE}/:contentId`,
    {
      schema: {
        summary: 'Delete a Create content',
        description: 'Its id is never handed out again.',
        tags,
        operationId: 'deleteLiltCreateContent',
        params: ContentParams,
        response: { 200: Type.Object({ id: Id }), 404: ErrorRef },
      },
    },
    async (request) => service.remove(request.auth.orgId, request.params.contentId),
  );

  app.get<ById>(
    `${BASE}/:contentId/create`,
    {
      preParsing: gate,
      schema: {
        summary: 'Regenerate a Create content',
        description: `With the parameters and preferences stored on it; the new text replaces the old. ${STREAM_NOTE}`,
        tags,
        operationId: 'regenerateLiltCreateContent',
        params: ContentParams,
        response: STREAM_RESPONSES,
      },
    },
    async (request, reply) => {
      const { contentId } = request.params;
      const row = await service.requestOf(request.auth.orgId, contentId);
      await streamGeneration(request, reply, {
        service,
        pool,
        settings: engines.get(request)!,
        request: requestOfRow(row),
        contentId,
      });
    },
  );
};
