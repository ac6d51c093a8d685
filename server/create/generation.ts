import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CREATE_STREAM_DONE,
  type CreateStatus,
  type CreateStreamError,
  type LiltCreateContent,
} from '../../shared/api/create';
import { HttpError } from '../http/http-error';
import { EngineError, type EngineSettings } from '../llm/engine';
import type { ContentRequest } from './content-wire';
import type { EnginePool } from './engine-pool';
import { buildPrompt } from './prompt';
import type { CreateService } from './service';
import { sseEvent } from './sse';

export interface Generation {
  service: CreateService;
  pool: EnginePool;
  settings: EngineSettings;
  request: ContentRequest;
  /** The content a regeneration writes over; undefined makes a new one. */
  contentId?: number;
}

/** An engine failure before anything was sent: a plain HTTP error. */
function engineHttpError(error: unknown, description: string): unknown {
  if (!(error instanceof EngineError)) return error;
  const status = error.code === 'timeout' ? 504 : 502;
  return new HttpError(status, `The text engine (${description}) failed: ${error.message}`);
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  // Proxies such as nginx would otherwise hold the events back.
  'x-accel-buffering': 'no',
};

/**
 * Runs one generation and answers it as Server-Sent Events (API.md 4.12): a `message` event
 * `{"text": piece}` per piece as it comes, `message` `[DONE]`, then `fullcontent` with the saved
 * content. Until the first piece nothing is sent, so an engine that is down gets an HTTP error.
 * A client that leaves aborts the engine and the text so far is saved as `stopped`; an engine
 * that breaks off mid-stream ends it with `event: error` (our extension), the text saved as
 * `failed`.
 */
export async function streamGeneration(
  request: FastifyRequest,
  reply: FastifyReply,
  generation: Generation,
): Promise<void> {
  const { service, pool, settings } = generation;
  const { auth } = request;
  const terms = await service.termsFor(auth.orgId, generation.request);
  const { templateParams, preferences } = generation.request;
  const prompt = buildPrompt({
    ...templateParams,
    ...preferences,
    name: generation.request.name,
    template: generation.request.template,
    terms,
  });

  const controller = new AbortController();
  const response = reply.raw;
  const onClose = () => {
    if (!response.writableEnded) controller.abort();
  };
  response.on('close', onClose);
  // The client may have left while the prompt was built.
  if (response.destroyed || request.raw.socket?.destroyed) controller.abort();
  const { engine, release } = pool.acquire(auth.orgId, settings);
  try {
    const pieces = engine.stream({ ...prompt, signal: controller.signal })[Symbol.asyncIterator]();
    let next: IteratorResult<string>;
    try {
      next = await pieces.next();
    } catch (error) {
      throw engineHttpError(error, engine.description);
    }

    // A client that left before the first piece leaves nothing to save.
    if (next.done && controller.signal.aborted) return;
    // The content exists from the first piece on, so every event carries its id (the SSE `id:`
    // line): a client that stops knows which content holds the text.
    generation.contentId ??= await service.create(
      auth,
      generation.request,
      next.done ? '' : next.value,
    );
    const id = generation.contentId;

    reply.hijack();
    if (!response.destroyed) {
      // A hijacked reply runs no onSend hook: the headers they add are set here (the request id).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, { ...SSE_HEADERS, 'x-request-id': request.id });
    }
    let text = '';
    let failure: string | undefined;
    try {
      for (; !next.done; next = await pieces.next()) {
        text += next.value;
        if (!response.destroyed) {
          response.write(sseEvent('message', JSON.stringify({ text: next.value }), id));
        }
      }
    } catch (error) {
      if (!(error instanceof EngineError)) request.log.error({ err: error }, 'Create generation');
      const why = error instanceof EngineError ? error.message : 'the generation failed';
      failure = `The text engine stopped: ${why}`;
    }
    const status: CreateStatus = controller.signal.aborted
      ? 'stopped'
      : failure
        ? 'failed'
        : 'finished';
    await finish(request, reply, generation, text, status, failure);
  } finally {
    response.off('close', onClose);
    release();
  }
}

/** Saves what came and ends the stream as its status says. */
async function finish(
  request: FastifyRequest,
  reply: FastifyReply,
  generation: Generation,
  text: string,
  status: CreateStatus,
  failure: string | undefined,
): Promise<void> {
  const response = reply.raw;
  // A client that left before the first piece leaves nothing to overwrite.
  if (status === 'stopped' && text === '') return;
  const id = generation.contentId;
  let saved: LiltCreateContent | null = null;
  try {
    saved = await generation.service.save(
      request.auth,
      generation.contentId,
      generation.request,
      text,
      status,
    );
  } catch (error) {
    request.log.error({ err: error }, 'saving a Create content');
    failure ??= 'The content could not be saved';
  }
  if (status === 'stopped' || response.destroyed) return;
  if (!saved && !failure) {
    failure = `Create content ${generation.contentId} was deleted while it was generated`;
  }
  if (failure) {
    const data: CreateStreamError = { message: failure, id: saved?.id ?? null };
    response.end(sseEvent('error', JSON.stringify(data), id));
    return;
  }
  response.write(sseEvent('message', CREATE_STREAM_DONE, id));
  response.end(sseEvent('fullcontent', JSON.stringify(saved), id));
}
