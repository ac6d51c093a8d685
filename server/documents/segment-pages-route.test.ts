import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSegmentsPage, DocumentWithSegments } from '../../shared/api/documents';
import { auth } from '../memories/test-support';
import { createOtherOrganization, createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { createProject, getDocument, saveTarget, uploadDocument } from './test-support';

// Past one page of the largest size, so pages meet in the middle of the document.
const SEGMENTS = 2_345;

let t: TestApp;
let full: DocumentWithSegments;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  const project = await createProject(t.app);
  const entries = Object.fromEntries(
    Array.from({ length: SEGMENTS }, (_, i) => [`key${i}`, `Sentence number ${i}.`]),
  );
  const uploaded = await uploadDocument(t.app, project.id, 'long.json', JSON.stringify(entries));
  full = await getDocument(t.app, uploaded.id);
});
afterAll(() => t.close());

function getPage(query: string, key = TEST_KEY) {
  return t.app.inject({ url: `/v2/documents/segments?${query}`, headers: auth(key) });
}

async function page(query: string): Promise<DocumentSegmentsPage> {
  const response = await getPage(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /v2/documents/segments', () => {
  it('answers the document and its segments a page at a time, as the whole answer has them', async () => {
    const { segments: all, ...header } = full;
    expect(all).toHaveLength(SEGMENTS);
    const read = [];
    for (let offset = 0; offset < SEGMENTS; offset += 1000) {
      const answer = await page(`id=${full.id}&offset=${offset}&limit=1000`);
      expect(answer).toMatchObject({ document: header, total: SEGMENTS, offset });
      expect(answer.as_of).toBeGreaterThan(0);
      read.push(...answer.segments);
    }
    expect(read).toEqual(all);
  });

  it('starts anywhere: a page from an odd position, the default size, past the end', async () => {
    const middle = await page(`id=${full.id}&offset=1234&limit=7`);
    expect(middle.segments).toEqual(full.segments.slice(1234, 1241));
    const first = await page(`id=${full.id}`);
    expect(first.segments).toEqual(full.segments.slice(0, 100));
    const last = await page(`id=${full.id}&offset=${SEGMENTS - 2}&limit=1000`);
    expect(last.segments).toEqual(full.segments.slice(-2));
    const past = await page(`id=${full.id}&offset=${SEGMENTS}`);
    expect(past).toMatchObject({ total: SEGMENTS, segments: [] });
  });

  it('with updated_since pages only the segments changed since', async () => {
    // Every segment written long ago, then two saved now: only those two are changed since.
    await t.storage.db
      .updateTable('segments')
      .set({ updated_at: 1000 })
      .where('document_id', '=', full.id)
      .execute();
    const before = await page(`id=${full.id}&limit=1`);
    const saved = [
      await saveTarget(t.app, { id: full.segments[2000]!.id, target: 'Frase 2000.' }),
      await saveTarget(t.app, { id: full.segments[5]!.id, target: 'Frase 5.' }),
    ];
    const since = `id=${full.id}&updated_since=${before.as_of}`;
    const changed = await page(since);
    expect(changed).toMatchObject({ total: SEGMENTS, segments: [saved[1], saved[0]] });
    expect((await page(`${since}&offset=1&limit=1`)).segments).toEqual([saved[0]]);
    expect((await page(`id=${full.id}&updated_since=1001`)).segments).toHaveLength(2);
    expect((await page(`id=${full.id}&updated_since=1000&limit=1000`)).segments).toHaveLength(1000);
  });

  it("answers 404 for an unknown document and for another organization's", async () => {
    const other = await createOtherOrganization(t.storage, 'wb_paging-other-key-0123456789');
    for (const response of [
      await getPage('id=999999'),
      await getPage(`id=${full.id}`, other.key),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ message: expect.stringMatching(/not found/) });
    }
  });

  it('refuses a request without a key, and a page over 1000 or a bad position', async () => {
    const anonymous = await t.app.inject({ url: `/v2/documents/segments?id=${full.id}` });
    expect(anonymous.statusCode).toBe(401);
    for (const query of ['limit=1001', 'limit=0', 'offset=-1', 'updated_since=x']) {
      expect((await getPage(`id=${full.id}&${query}`)).statusCode, query).toBe(400);
    }
  });
});
