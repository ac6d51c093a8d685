import { describe, expect, it } from 'vitest';
import { sseEvents, type SseEvent } from './sse-events';

async function eventsOf(chunks: string[]): Promise<SseEvent[]> {
  const encoder = new TextEncoder();
  const source = (async function* () {
    for (const chunk of chunks) yield encoder.encode(chunk);
  })();
  const events: SseEvent[] = [];
  for await (const event of sseEvents(source)) events.push(event);
  return events;
}

describe('sseEvents', () => {
  it('reads data events ended by a blank line, whatever the line ends', async () => {
    const events = await eventsOf(['data: one\n\n', 'data: two\r\n\r\n', 'data: three\r\r']);
    expect(events.map((event) => event.data)).toEqual(['one', 'two', 'three']);
    expect(events.every((event) => event.event === 'message')).toBe(true);
  });

  it('joins an event split anywhere across chunks, a CRLF and a UTF-8 character included', async () => {
    const bytes = 'data: caf\u00e9 \u2581\r\n\r\ndata: [DONE]\r\n\r\n';
    const encoded = new TextEncoder().encode(bytes);
    // One byte at a time splits the two-byte characters and every CRLF.
    const source = (async function* () {
      for (const byte of encoded) yield Uint8Array.of(byte);
    })();
    const events: string[] = [];
    for await (const event of sseEvents(source)) events.push(event.data);
    expect(events).toEqual(['caf\u00e9 \u2581', '[DONE]']);
  });

  it('joins data lines, keeps event names, skips comments and other fields', async () => {
    const events = await eventsOf([
      ': keep-alive\n',
      'id: 7\nretry: 100\nevent: fullcontent\ndata: {"a":\ndata:1}\n\n',
      'data:no space\n\n',
    ]);
    expect(events).toEqual([
      { event: 'fullcontent', data: '{"a":\n1}' },
      { event: 'message', data: 'no space' },
    ]);
  });

  it('drops an event the stream did not finish, and blank events', async () => {
    expect(await eventsOf(['\n\n', 'event: x\n\n', 'data: cut'])).toEqual([]);
  });
});
