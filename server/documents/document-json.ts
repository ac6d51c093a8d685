import { Readable } from 'node:stream';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { Segment } from '../../shared/api/segments';
import type { DocumentHeader } from './document-queries';

/** Segments serialised per turn of the event loop: about a millisecond of work each. */
const PAGE = 500;

export type SegmentPages = (after: Segment | null, limit: number) => Promise<Segment[]>;

/**
 * A document with its segments as a JSON stream (the `DocumentWithSegments` wire shape): the
 * segments are read and serialised a page at a time, with a turn for other requests between
 * pages, so a 100,000-segment document never holds the server and is never one string in memory.
 * The stream only pulls a page when the client has taken the previous ones (backpressure).
 */
export function documentJson(header: DocumentHeader, pages: SegmentPages): Readable {
  async function* chunks(): AsyncGenerator<string> {
    const head = JSON.stringify(header);
    yield `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"segments":[`;
    let after: Segment | null = null;
    for (let first = true; ;) {
      const page = await pages(after, PAGE);
      if (page.length === 0) break;
      const body = page.map((segment) => JSON.stringify(segment)).join(',');
      yield first ? body : `,${body}`;
      first = false;
      after = page[page.length - 1]!;
      if (page.length < PAGE) break;
      await nextLoopTurn();
    }
    yield ']}';
  }
  return Readable.from(chunks(), { objectMode: false });
}
