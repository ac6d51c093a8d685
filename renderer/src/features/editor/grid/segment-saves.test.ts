import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { editorQueries } from '../queries';
import { pendingSaves, saveDrafts, saveSegment } from './segment-saves';

/** A save the test answers when it chooses, as a slow server would. */
interface Call {
  input: SegmentUpdateParameters;
  answer: (segment?: Partial<Segment>) => Promise<void>;
  fail: () => Promise<void>;
}

const calls: Call[] = [];
/** Document reads the test answers when it chooses. */
const reads: ((document: DocumentWithSegments) => void)[] = [];
let revision = 1;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const SEGMENT: Segment = {
  id: 1,
  created_at: 1,
  updated_at: 1,
  document_id: 9,
  memory_id: 1,
  source: 'The rent is 3 euros.',
  srclang: 'en',
  target: '',
  trglang: 'es',
  is_confirmed: false,
  is_reviewed: false,
  index: 0,
  match_score: null,
  target_origin: null,
  note: null,
  context_key: null,
  memory_unit_id: null,
  word_count: 5,
  revision: 1,
  updated_by: null,
};

beforeAll(() => {
  // The bridge as the preload would give it; only the call these saves make.
  vi.stubGlobal('window', {
    wordbench: {
      documents: {
        get: () =>
          new Promise<DocumentWithSegments>((resolve) => {
            reads.push(resolve);
          }),
      },
      segments: {
        update: (input: SegmentUpdateParameters) =>
          new Promise<Segment>((resolve, reject) => {
            calls.push({
              input,
              answer: async (patch) => {
                revision += 1;
                resolve({
                  ...SEGMENT,
                  target: input.target,
                  is_confirmed: input.is_confirmed !== false,
                  revision,
                  updated_at: revision,
                  ...patch,
                });
                await flush();
              },
              fail: async () => {
                reject(new Error('unreachable'));
                await flush();
              },
            });
          }),
      },
    },
  });
});

let queryClient: QueryClient;
const documentKey = editorQueries.document(9).queryKey;
const cached = () => queryClient.getQueryData<DocumentWithSegments>(documentKey)?.segments[0];

beforeEach(() => {
  calls.length = 0;
  reads.length = 0;
  revision = 1;
  queryClient = new QueryClient();
  queryClient.setQueryData(documentKey, {
    id: 9,
    srclang: 'en',
    trglang: 'es',
    segments: [SEGMENT],
  } as unknown as DocumentWithSegments);
  useEditorStore.setState({ drafts: {}, qaBySegment: {}, lastQa: null, alert: null });
});

afterEach(() => queryClient.clear());

describe('segment saves', () => {
  it('runs the saves of one segment one after another, so the last one sent is the last kept', async () => {
    saveSegment(queryClient, 9, { id: 1, target: 'El alquiler es 3 euros.', is_confirmed: true });
    saveSegment(queryClient, 9, { id: 1, target: 'Otro texto.', is_confirmed: false });
    await flush();
    // The draft waits behind the confirm: it is not sent before the confirm is answered.
    expect(calls).toHaveLength(1);
    expect(pendingSaves(queryClient, 9)).toHaveLength(2);
    await calls[0]?.answer();
    expect(cached()).toMatchObject({ is_confirmed: true, revision: 2 });
    expect(calls).toHaveLength(2);
    await calls[1]?.answer();
    expect(cached()).toMatchObject({ target: 'Otro texto.', is_confirmed: false, revision: 3 });
  });

  it('does not save as a draft the text of a confirm still on its way', async () => {
    const text = 'El alquiler es 3 euros.';
    useEditorStore.getState().setDraft({ segmentId: 1, text, inserted: null });
    saveSegment(queryClient, 9, { id: 1, target: text, is_confirmed: true });
    saveDrafts(queryClient, 9);
    await flush();
    await calls[0]?.answer();
    expect(calls).toHaveLength(1);
    expect(cached()).toMatchObject({ target: text, is_confirmed: true });
    expect(useEditorStore.getState().drafts[1]).toBeUndefined();
  });

  it('never lets an older answer replace a later cached segment', async () => {
    saveSegment(queryClient, 9, { id: 1, target: 'Viejo.', is_confirmed: false });
    await flush();
    // A read brought a later revision in meanwhile.
    queryClient.setQueryData(documentKey, {
      id: 9,
      srclang: 'en',
      trglang: 'es',
      segments: [{ ...SEGMENT, target: 'Nuevo.', revision: 7, updated_at: 7 }],
    } as unknown as DocumentWithSegments);
    await calls[0]?.answer();
    expect(cached()).toMatchObject({ target: 'Nuevo.', revision: 7 });
  });

  it('never lets a document read older than a save undo it', async () => {
    const before = { id: 9, segments: [SEGMENT] } as unknown as DocumentWithSegments;
    // A read (a focus refetch) leaves, then the translator confirms: the read is called off.
    const read = queryClient.fetchQuery(editorQueries.document(9)).catch(() => undefined);
    await flush();
    saveSegment(queryClient, 9, { id: 1, target: 'El alquiler es 3 euros.', is_confirmed: true });
    await flush();
    await calls[0]?.answer();
    reads[0]?.(before);
    await read;
    expect(cached()).toMatchObject({ is_confirmed: true, revision: 2 });

    // A read that left after the save began (the pretranslation poll) keeps the newer segment too.
    const poll = queryClient.fetchQuery({ ...editorQueries.document(9), staleTime: 0 });
    await flush();
    reads[1]?.(before);
    await poll;
    expect(cached()).toMatchObject({ is_confirmed: true, revision: 2 });
  });

  it('records QA warnings only once a confirm succeeds, and keeps the text when it fails', async () => {
    saveSegment(queryClient, 9, { id: 1, target: 'El alquiler es 4 euros.', is_confirmed: true });
    await flush();
    expect(useEditorStore.getState().lastQa).toBeNull();
    await calls[0]?.fail();
    expect(useEditorStore.getState().lastQa).toBeNull();
    expect(useEditorStore.getState().qaBySegment[1]).toBeUndefined();
    expect(useEditorStore.getState().drafts[1]?.text).toBe('El alquiler es 4 euros.');
    expect(useEditorStore.getState().alert?.title).toContain('not confirmed');

    saveSegment(queryClient, 9, { id: 1, target: 'El alquiler es 4 euros.', is_confirmed: true });
    await flush();
    await calls[1]?.answer();
    expect(useEditorStore.getState().lastQa).toMatchObject({ segmentId: 1, number: 1 });
    expect(useEditorStore.getState().qaBySegment[1]?.map((w) => w.code)).toEqual([
      'number-missing',
      'number-extra',
    ]);
  });
});
