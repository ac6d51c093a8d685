/**
 * A small Server-Sent Events reader (the WHATWG "event stream" format): lines end in CRLF, LF or
 * CR; `data:` lines join with newlines; a blank line ends an event; `:` lines are comments. No SSE
 * parser is installed here (eventsource-parser is not a dependency), and OpenAI-style streams need
 * only this much. `id` and `retry` are ignored: nothing reconnects.
 */
import { EngineError } from './errors';

export interface SseEvent {
  /** `message` unless the stream named it. */
  event: string;
  data: string;
}

/** A line this long without an end is not an event stream. */
const MAX_LINE = 1024 * 1024;

/** The events of a byte stream, as they complete. */
export async function* sseEvents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let pending = '';
  let event = '';
  let data: string[] = [];
  const takeLine = (line: string): SseEvent | undefined => {
    if (line === '') {
      const done =
        data.length > 0 ? { event: event || 'message', data: data.join('\n') } : undefined;
      event = '';
      data = [];
      return done;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    return undefined;
  };
  const lines = function* (final: boolean): Generator<string> {
    // A CR at the very end may be the first half of a CRLF split between two chunks.
    let start = 0;
    for (const match of pending.matchAll(/\r\n|\r|\n/g)) {
      if (match[0] === '\r' && match.index === pending.length - 1 && !final) break;
      yield pending.slice(start, match.index);
      start = match.index + match[0].length;
    }
    pending = pending.slice(start);
  };
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    for (const line of lines(false)) {
      const complete = takeLine(line);
      if (complete) yield complete;
    }
    if (pending.length > MAX_LINE) {
      throw new EngineError('bad-answer', 'the engine sent over 1 MB without a line end');
    }
  }
  pending += decoder.decode();
  for (const line of lines(true)) {
    const complete = takeLine(line);
    if (complete) yield complete;
  }
  // The spec drops an event that the stream did not end with a blank line.
}
