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
      'event: message\ndata: {"text":"Hi"}\n\n',
      'event: message\ndata: [DONE]\n\nevent: fullcontent\ndata: {"id":1}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'message', data: '{"text":"Hi"}' },
      { event: 'message', data: '[DONE]' },
      { event: 'fullcontent', data: '{"id":1}' },
    ]);
  });

  it('takes events split anywhere, any line end, comments and multi-line data', async () => {
    const events = await eventsOf([': hello\r', '\ndata: one\r\nda', 'ta: two\r\rdata:x\n', '\n']);
    expect(events).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('keeps a character split between chunks whole', async () => {
    const bytes = Buffer.from('data: {"text":"ñ"}\n\n', 'utf8');
    const at = bytes.indexOf(0xc3) + 1;
    const body = Readable.from([bytes.subarray(0, at), bytes.subarray(at)]);
    const events: SseEvent[] = [];
    for await (const event of readSseEvents(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: '{"text":"ñ"}' }]);
  });

  it('drops an event the stream cut off', async () => {
    expect(await eventsOf(['data: whole\n\n', 'data: cut'])).toEqual([
      { event: 'message', data: 'whole' },
    ]);
  });
});
