import type {
  CreateEngine,
  CreatePreferences,
  LiltCreateContent,
  LiltCreateContentList,
  SignTermsResponse,
} from '../../../shared/api/create';
import type { GenerationPiece } from '../../../shared/ipc/create-channels';
import type { Gateway } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import { contentToDocument } from './create-document';
import { runGeneration, streamCreate, waitForSaved } from './create-generation';
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
/** What the engine test asks for: a few words, then it stops. */
const TEST_PIECES = 3;
const TEST_REQUEST = {
  name: 'Engine test',
  language: 'en',
  template: 'engine-test',
  templateParams: { language: 'en', contentLength: 5 },
};

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
  // A content that appeared after `known` was listed: the one a stopped generation saved.
  const newContent = (known: Set<number>) => async () =>
    (await list()).find((content) => !known.has(content.id)) ?? null;
  const knownIds = async () => new Set((await list()).map((content) => content.id));

  return {
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
    'create:generate': async ({ generationId, request }) => {
      const known = await knownIds();
      return runGeneration(
        run,
        generationId,
        { method: 'POST', path: BASE, json: request },
        newContent(known),
      );
    },
    'create:regenerate': ({ generationId, id }) => {
      const startedAt = Math.floor(Date.now() / 1000);
      return runGeneration(
        run,
        generationId,
        { method: 'GET', path: `${BASE}/${id}/create` },
        async (text) => {
          const content = await get(id);
          const isSaved =
            content.status === 'stopped' &&
            content.updatedAt >= startedAt &&
            content.text.startsWith(text);
          return isSaved ? content : null;
        },
      );
    },
    'create:stop': async ({ generationId }) => {
      const controller = running.get(generationId);
      controller?.abort();
      return { stopped: controller !== undefined };
    },
    'create:get-engine': () =>
      gateway.json<CreateEngine>({ method: 'GET', path: `${BASE}/engine` }),
    'create:set-engine': (input) =>
      gateway.json<CreateEngine>({ method: 'PUT', path: `${BASE}/engine`, json: input }),
    // No test route exists: a short real generation, stopped after a few pieces and deleted.
    'create:test-engine': async () => {
      const known = await knownIds();
      const controller = new AbortController();
      let pieces = 0;
      const outcome = await streamCreate(
        gateway,
        { method: 'POST', path: BASE, json: TEST_REQUEST },
        controller.signal,
        () => {
          pieces += 1;
          if (pieces >= TEST_PIECES) controller.abort();
        },
      );
      const savedId =
        outcome.content?.id ??
        outcome.failure?.id ??
        (outcome.text ? (await waitForSaved(newContent(known)))?.id : undefined);
      if (savedId) await gateway.json({ method: 'DELETE', path: `${BASE}/${savedId}` });
      if (outcome.failure) {
        throw new GatewayError({ code: 'server', message: outcome.failure.message });
      }
      return { text: outcome.text };
    },
    'create:to-document': async ({ id, project_id }) =>
      contentToDocument(uploadDocument, await get(id), project_id),
    'create:pick-model': async () =>
      pickModelFile
        ? { supported: true, path: await pickModelFile() }
        : { supported: false, path: null },
  };
}
