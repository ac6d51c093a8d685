import type { Readable } from 'node:stream';

/**
 * One Server-Sent Event as read off the wire: its name (`message` by default), its data, and
 * the last event id the stream gave (Create sends its content's id), '' when none.
 */
export interface SseEvent {
  event: string;
  data: string;
  id: string;
}

/**
 * Reads Server-Sent Events from a byte stream as they arrive: any line end, multi-line data
 * joined with `\n`, comments and unknown fields skipped. An event cut off by the end of the
 * stream (no blank line after it) is dropped, as the SSE standard says.
 */
export async function* readSseEvents(body: Readable): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  // The standard's "last event ID": it carries over to the events after it.
  let id = '';
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (;;) {
      const end = buffer.search(/\r\n|\r|\n/);
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (end === -1 || (end === buffer.length - 1 && buffer[end] === '\r')) break;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
      if (line === '') {
        if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), id };
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) id = value;
    }
  }
}
