import type {
  CreateEngine,
  CreateEngineTest,
  CreatePreferences,
  LiltCreateContent,
  LiltCreateContentList,
  SignTermsResponse,
} from '../../../shared/api/create';
import type { GenerationPiece } from '../../../shared/ipc/create-channels';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import { contentToDocument } from './create-document';
import { runGeneration } from './create-generation';
import type { Handlers } from './validated';

type CreateHandlers = Pick<Handlers, Extract<keyof Handlers, `create:${string}`>>;

export interface CreateHandlerDeps {
  gateway: Gateway;
  /** Hands each streamed piece to the renderer (the `create:piece` event). */
  onPiece: (piece: GenerationPiece) => void;
  /** The document upload channel's handler, which "Translate into…" sends the text through. */
  uploadDocument: Handlers['documents:upload'];
  /** The desktop's file dialog for a model file; absent where the host has none (browser). */
  pickModelFile?: () => Promise<string | null>;
}

const BASE = '/v2/create';

/** The `/v2/create` routes (API.md 4.12); generation streams its pieces as events. */
export function createHandlers({
  gateway,
  onPiece,
  uploadDocument,
  pickModelFile,
}: CreateHandlerDeps): CreateHandlers {
  const running = new Map<string, AbortController>();
  const run = { gateway, running, onPiece };
  const list = async () =>
    (await gateway.json<LiltCreateContentList>({ method: 'GET', path: BASE })).contents;
  const get = (id: number) =>
    gateway.json<LiltCreateContent>({ method: 'GET', path: `${BASE}/${id}` });

  return {
    'create:get-terms': () =>
      gateway.json<SignTermsResponse>({ method: 'GET', path: `${BASE}/terms-and-conditions` }),
    'create:sign-terms': (input) =>
      gateway.json<SignTermsResponse>({
        method: 'POST',
        path: `${BASE}/terms-and-conditions`,
        json: input,
      }),
    'create:get-preferences': () =>
      gateway.json<CreatePreferences>({ method: 'GET', path: `${BASE}/preferences` }),
    'create:set-preferences': (input) =>
      gateway.json<CreatePreferences>({ method: 'PUT', path: `${BASE}/preferences`, json: input }),
    'create:list': list,
    'create:get': ({ id }) => get(id),
    'create:update': ({ id, ...change }) =>
      gateway.json<LiltCreateContent>({ method: 'PUT', path: `${BASE}/${id}`, json: change }),
    'create:delete': ({ id }) =>
      gateway.json<{ id: number }>({ method: 'DELETE', path: `${BASE}/${id}` }),
    'create:generate': ({ generationId, request }) =>
      runGeneration(run, generationId, { method: 'POST', path: BASE, json: request }),
    'create:regenerate': ({ generationId, id }) =>
      runGeneration(run, generationId, { method: 'GET', path: `${BASE}/${id}/create` }),
    'create:stop': async ({ generationId }) => {
      const controller = running.get(generationId);
      controller?.abort();
      return { stopped: controller !== undefined };
    },
    'create:get-engine': () =>
      gateway.json<CreateEngine>({ method: 'GET', path: `${BASE}/engine` }),
    'create:set-engine': (input) =>
      gateway.json<CreateEngine>({ method: 'PUT', path: `${BASE}/engine`, json: input }),
    'create:test-engine': async () => {
      const answer = await gateway.json<CreateEngineTest>({
        method: 'POST',
        path: `${BASE}/engine/test`,
        json: {},
      });
      if (!answer.ok) throw new GatewayError({ code: 'server', message: answer.message });
      return { text: answer.text, firstTokenMs: answer.firstTokenMs };
    },
    'create:to-document': async ({ id, project_id }) =>
      contentToDocument(uploadDocument, await get(id), project_id),
    'create:pick-model': async () =>
      pickModelFile
        ? { supported: true, path: await pickModelFile() }
        : { supported: false, path: null },
  };
}
