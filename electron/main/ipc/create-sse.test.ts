import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSseEvents, type SseEvent } from './create-sse';

async function eventsOf(chunks: string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const body = Readable.from(chunks.map((chunk) => Buffer.from(chunk, 'utf8')));
  for await (const event of readSseEvents(body)) events.push(event);
  return events;
}

describe('readSseEvents', () => {
  it('reads the Create stream as API.md 4.12 shows it', async () => {
    const events = await eventsOf([
      'event: message\ndata: {"text":"Hi"}\nid: 1\n\n',
      'event: message\ndata: [DONE]\nid: 1\n\nevent: fullcontent\ndata: {"id":1}\nid: 1\n\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: '{"text":"Hi"}', id: '1' },
      { event: 'message', data: '[DONE]', id: '1' },
      { event: 'fullcontent', data: '{"id":1}', id: '1' },
    ]);
  });

  it('carries the last event id over to the events after it, as the standard says', async () => {
    const events = await eventsOf(['data: a\n\nid: 7\ndata: b\n\ndata: c\n\n']);
    expect(events.map((event) => event.id)).toEqual(['', '7', '7']);
  });

  it('takes events split anywhere, any line end, comments and multi-line data', async () => {
    const events = await eventsOf([': hello\r', '\ndata: one\r\nda', 'ta: two\r\rdata:x\n', '\n']);
    expect(events).toEqual([
      { event: 'message', data: 'one\ntwo', id: '' },
      { event: 'message', data: 'x', id: '' },
    ]);
  });

  it('keeps a character split between chunks whole', async () => {
    const bytes = Buffer.from('data: {"text":"ñ"}\n\n', 'utf8');
    const at = bytes.indexOf(0xc3) + 1;
    const body = Readable.from([bytes.subarray(0, at), bytes.subarray(at)]);
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: '{"text":"ñ"}', id: '' }]);
  });

  it('drops an event the stream cut off', async () => {
    expect(await eventsOf(['data: whole\n\n', 'data: cut'])).toEqual([
      { event: 'message', data: 'whole', id: '' },
    ]);
  });
});
