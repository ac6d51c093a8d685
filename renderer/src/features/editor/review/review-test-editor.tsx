import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, expect, type Mock } from 'vitest';
import type { Project } from '../../../../../shared/api/projects';
import type { Segment, SegmentUpdateParameters } from '../../../../../shared/api/segments';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { DocumentEditor } from '../DocumentEditor';
import { useEditorStore } from '../editor-store';
import { useFindStore } from '../find/find-store';
import { retryTiming } from '../grid/waiting-saves';
import { testHeader, testSegment } from '../loading/test-pages';
import { editorQueries } from '../queries';
import { useReviewStore } from './review-store';
import { reviewProject } from './test-project';

type Invoke = Mock<(channel: string, input: unknown) => Promise<IpcResult<unknown>>>;

/** What the fake server answers; a test changes it (the server moving the project on). */
export const server = { project: reviewProject('REVIEW') as Project };

/**
 * Answers the editor's calls: `PUT /v2/segments` over `segments` with the review rule the wire
 * documents (a changed target or a draft is no longer reviewed), the project from `server`.
 */
export function answerSaves(invoke: Invoke, segments: Segment[]) {
  invoke.mockImplementation((channel, input) => {
    if (channel === 'segments:update') {
      const save = input as SegmentUpdateParameters;
      const at = segments.findIndex((segment) => segment.id === save.id);
      const before = segments[at]!;
      const isConfirmed = save.is_confirmed !== false;
      const isChanged = save.target !== before.target;
      const saved: Segment = {
        ...before,
        target: save.target,
        is_confirmed: isConfirmed,
        is_reviewed: isConfirmed && (save.is_reviewed ?? (!isChanged && before.is_reviewed)),
        revision: before.revision + 1,
      };
      segments[at] = saved;
      return Promise.resolve({ ok: true, value: saved });
    }
    if (channel === 'projects:list') return Promise.resolve({ ok: true, value: [server.project] });
    if (channel === 'translate:segment') {
      return Promise.resolve({ ok: true, value: { translations: [], machine_translations: [] } });
    }
    return Promise.resolve({ ok: true, value: channel === 'comments:list' ? {} : [] });
  });
}

/** Three confirmed segments, the second already reviewed. */
export const confirmedDocument = () => [
  testSegment(0, { target: 'Uno', is_confirmed: true }),
  testSegment(1, { target: 'Dos', is_confirmed: true, is_reviewed: true }),
  testSegment(2, { target: 'Tres', is_confirmed: true }),
];

/** The editor as its view shows it: the document as the cache holds it, saves included. */
function OpenDocument({ id }: { id: number }) {
  const document = useQuery(editorQueries.document(id));
  return document.data ? <DocumentEditor document={document.data} /> : null;
}

export function renderEditor(segments: Segment[]) {
  const document = {
    ...testHeader({ project_id: server.project.id, srclang: 'en', trglang: 'es' }),
    segments: [...segments],
  };
  const client = createQueryClient();
  client.setQueryData(editorQueries.document(document.id).queryKey, document);
  render(
    <QueryClientProvider client={client}>
      <OpenDocument id={document.id} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

export const saves = (invoke: Invoke) =>
  invoke.mock.calls
    .filter(([channel]) => channel === 'segments:update')
    .map(([, input]) => input as SegmentUpdateParameters);
export const rows = () => screen.getAllByTestId('segment-row');
export const statusOf = (index: number) =>
  within(rows()[index]!).getByTestId('segment-status').textContent;
export const activeNumber = () => screen.getByTestId('editor-active-number').textContent;
export const toggle = () => screen.getByRole('button', { name: 'Review' });
/** The project is read once the first frame is painted: review mode follows its stage. */
export const reviewModeOn = () =>
  waitFor(() => expect(toggle().getAttribute('aria-pressed')).toBe('true'), { timeout: 10_000 });
export const projectRead = (invoke: Invoke) =>
  waitFor(() => expect(invoke).toHaveBeenCalledWith('projects:list', expect.anything()), {
    timeout: 10_000,
  });

/**
 * The hooks every review test file needs: a grid jsdom can lay out (it lays nothing out, so
 * the grid is given a size and its virtualizer renders the rows), and fresh stores and server.
 */
export function setUpReviewTests(invoke: Invoke) {
  const realHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  const realWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
  const gridSize = (real: PropertyDescriptor, size: number): PropertyDescriptor => ({
    configurable: true,
    get(this: Element) {
      return this.classList.contains('segment-grid') ? size : (real.get?.call(this) as number);
    },
  });
  const firstRetryMs = retryTiming.firstMs;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', gridSize(realHeight, 600));
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', gridSize(realWidth, 800));
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  });
  beforeEach(() => {
    invoke.mockReset();
    retryTiming.firstMs = firstRetryMs;
    server.project = reviewProject('REVIEW');
    useEditorStore.setState(useEditorStore.getInitialState());
    useFindStore.setState(useFindStore.getInitialState());
    useReviewStore.setState(useReviewStore.getInitialState());
  });
}
