import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentSegmentsQuery } from '../../../../../shared/api/documents';
import { FIRST_PAGE, readFirstPage, startFirstPageRead } from './first-page-read';
import { answerPage, testSegment } from './test-pages';

const SERVER = Array.from({ length: 300 }, (_, index) => testSegment(index));
const asked: DocumentSegmentsQuery[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('window', {
    wordbench: {
      documents: {
        segments: async (query: DocumentSegmentsQuery) => {
          asked.push(query);
          return answerPage(SERVER, query, 1000);
        },
      },
    },
  });
});

describe('the first page read as the page starts', () => {
  it('asks for the first page of the document the address opens, taken once', async () => {
    startFirstPageRead('#/editor?project=3&document=7');
    expect(asked).toEqual([{ id: 7, offset: 0, limit: FIRST_PAGE }]);
    expect((await readFirstPage(7)).segments).toHaveLength(FIRST_PAGE);
    expect(asked).toHaveLength(1);
    // Taken: the next open reads again, from the server's state then.
    await readFirstPage(7);
    expect(asked).toHaveLength(2);
  });

  it('is not used for another document, and asks nothing for another view', async () => {
    startFirstPageRead('#/editor?project=3&document=7');
    await readFirstPage(8);
    expect(asked.map((query) => query.id)).toEqual([7, 8]);
    for (const hash of ['', '#/board', '#/editor?project=3']) startFirstPageRead(hash);
    await readFirstPage(7);
    expect(asked.map((query) => query.id)).toEqual([7, 8, 7]);
  });
});
