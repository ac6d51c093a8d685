import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Segment } from '../../shared/api/segments';
import { createKey } from '../db/keys';
import { ensureMemberIn } from '../db/organizations';
import { createProject, getDocument, uploadDocument } from '../documents/test-support';
import { apiClient, createTestApp, type TestApp } from '../test-support';

let t: TestApp;
let owner: ReturnType<typeof apiClient>;
let ana: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestApp({ mt: null });
  owner = apiClient(t.app);
  // A teammate in the bootstrap organization, as `keys create --user Ana` makes one.
  const key = await t.storage.transaction(async (tx) => {
    const member = await ensureMemberIn(tx, t.storage.dialect, undefined, 'Ana');
    return (await createKey(tx, member.userId)).key;
  });
  ana = apiClient(t.app, key);
});
afterAll(() => t.close());

describe('updated_by: who last changed a segment (translators on one team server)', () => {
  it('is null for what the file brought, then names whoever saved or confirmed last', async () => {
    const project = await createProject(t.app);
    const document = await uploadDocument(t.app, project.id, 'doc.txt', 'Open it. Close it.');
    expect(document.segments.map((s) => s.updated_by)).toEqual([null, null]);
    const [first, second] = document.segments as [Segment, Segment];

    const confirmed = await owner.put('/v2/segments', { id: first.id, target: 'Ábralo.' });
    expect((confirmed.json() as Segment).updated_by).toBe('Owner');
    const draft = await ana.put('/v2/segments', {
      id: first.id,
      target: 'Ábralo ya.',
      is_confirmed: false,
    });
    expect((draft.json() as Segment).updated_by).toBe('Ana');

    // Every read names the author; an untouched segment still names nobody.
    const read = await getDocument(t.app, document.id);
    expect(read.segments.map((s) => [s.id, s.updated_by])).toEqual([
      [first.id, 'Ana'],
      [second.id, null],
    ]);
    const one = await owner.get(`/v2/segments?id=${first.id}`);
    expect((one.json() as Segment).updated_by).toBe('Ana');
  });

  it('names who created a segment with a target', async () => {
    const project = await createProject(t.app);
    const created = await ana.post('/v2/segments', {
      memory_id: project.memory_id,
      source: 'Added by hand.',
      target: 'Añadido a mano.',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((created.json() as Segment).updated_by).toBe('Ana');
    const empty = await ana.post('/v2/segments', {
      memory_id: project.memory_id,
      source: 'No target yet.',
    });
    expect((empty.json() as Segment).updated_by).toBeNull();
  });
});
