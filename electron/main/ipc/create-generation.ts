import type { LiltCreateContent } from '../../../shared/api/create';
import type { GenerationPiece, GenerationResult } from '../../../shared/ipc/create-channels';
import type { Gateway, GatewayRequest } from '../gateway/gateway';
import { GatewayError } from '../gateway/gateway-error';
import { TRANSFER_TIMEOUT_MS } from '../transfers/downloads';
import { readSseEvents } from './create-sse';

/** How long a stopped generation's saved content is looked for, and how often. */
const FIND_SAVED_MS = 10_000;
const FIND_EVERY_MS = 150;

/** What one streamed generation gave before it ended. */
interface StreamOutcome {
  text: string;
  /** The content the events named (their SSE `id:`), null before the first one. */
  contentId: number | null;
  content: LiltCreateContent | null;
  failure?: { message: string; id: number | null };
  isStopped: boolean;
}

/**
 * Reads one generation's Server-Sent Events (API.md 4.12) as they come, handing each piece on;
 * `stop` (the signal) aborts the HTTP request, after which the server saves what it had.
 */
export async function streamCreate(
  gateway: Gateway,
  request: GatewayRequest,
  signal: AbortSignal,
  onPiece: (text: string) => void,
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = { text: '', contentId: null, content: null, isStopped: false };
  let body;
  try {
    ({ body } = await gateway.download({
      ...request,
      headers: { accept: 'text/event-stream' },
      signal,
      timeoutMs: TRANSFER_TIMEOUT_MS,
    }));
  } catch (error) {
    // Stopped before the first piece: the server saves nothing.
    if (signal.aborted) return { ...outcome, isStopped: true };
    throw withCreateHint(error);
  }
  try {
    for await (const { event, data, id } of readSseEvents(body)) {
      // Events already read when the stop came are not handed on.
      if (signal.aborted) break;
      if (/^\d+$/.test(id)) outcome.contentId = Number(id);
      if (event === 'message' && data !== '[DONE]') {
        const { text } = JSON.parse(data) as { text: string };
        outcome.text += text;
        onPiece(text);
      } else if (event === 'fullcontent') {
        outcome.content = JSON.parse(data) as LiltCreateContent;
      } else if (event === 'error') {
        outcome.failure = JSON.parse(data) as { message: string; id: number | null };
      }
    }
  } catch (error) {
    if (!signal.aborted) {
      throw new GatewayError({
        code: 'network',
        message: `The generation broke off: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'The text so far may be saved: look in the saved contents.',
      });
    }
  }
  outcome.isStopped = signal.aborted;
  return outcome;
}

/** What to do about the gate's refusals: the generic 403 hint speaks of the API key. */
const GATE_HINTS: Record<number, string> = {
  403: 'Sign the Create terms and conditions at the top of the Create view.',
  409: 'Choose an engine in Settings, under “Create engine”.',
};

function withCreateHint(error: unknown): unknown {
  const hint = error instanceof GatewayError ? GATE_HINTS[error.status ?? 0] : undefined;
  if (!hint || !(error instanceof GatewayError)) return error;
  return new GatewayError({ code: error.code, status: error.status, message: error.message, hint });
}

/**
 * The content a stopped generation saved: the server writes the text it had once the engine
 * stopped, so this waits until the content holds at least what arrived here.
 */
export function stoppedContent(gateway: Gateway, id: number, text: string) {
  return waitForSaved(async () => {
    const content = await gateway.json<LiltCreateContent>({
      method: 'GET',
      path: `/v2/create/${id}`,
    });
    return content.status === 'stopped' && content.text.startsWith(text) ? content : null;
  });
}

/** Polls `find` until it answers a content or the time is up. */
export async function waitForSaved(
  find: () => Promise<LiltCreateContent | null>,
): Promise<LiltCreateContent | null> {
  const deadline = Date.now() + FIND_SAVED_MS;
  for (;;) {
    const found = await find();
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, FIND_EVERY_MS));
  }
}

export interface GenerationRun {
  gateway: Gateway;
  running: Map<string, AbortController>;
  onPiece: (piece: GenerationPiece) => void;
}

/**
 * One generation from start to the saved content. A stopped stream gets no `fullcontent`: the
 * content is the one its events named.
 */
export async function runGeneration(
  { gateway, running, onPiece }: GenerationRun,
  generationId: string,
  request: GatewayRequest,
): Promise<GenerationResult> {
  if (running.has(generationId)) {
    throw new GatewayError({ code: 'conflict', message: 'That generation is already running.' });
  }
  const controller = new AbortController();
  running.set(generationId, controller);
  try {
    const outcome = await streamCreate(gateway, request, controller.signal, (text) =>
      onPiece({ generationId, text }),
    );
    if (outcome.isStopped) {
      const { contentId, text } = outcome;
      const content = contentId === null ? null : await stoppedContent(gateway, contentId, text);
      return { status: 'stopped', content };
    }
    if (outcome.failure) {
      const { id, message } = outcome.failure;
      const content =
        id === null
          ? null
          : await gateway.json<LiltCreateContent>({ method: 'GET', path: `/v2/create/${id}` });
      return { status: 'failed', content, message };
    }
    if (!outcome.content) {
      return {
        status: 'failed',
        content: null,
        message: 'The server ended the stream without the saved content.',
      };
    }
    return { status: outcome.content.status, content: outcome.content };
  } finally {
    running.delete(generationId);
  }
}
