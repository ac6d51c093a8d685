import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment, DocumentComments } from '../../../../../shared/api/comments';
import type { IpcResult } from '../../../../../shared/ipc/errors';
import { createQueryClient } from '../../../app/query-client';
import { editorQueries } from '../queries';
import { useCommentStore } from './comment-store';
import { CommentThread } from './CommentThread';
import { installTestBridge } from '../../../test-bridge';

const invoke = installTestBridge();

function comment(id: number, patch: Partial<Comment> = {}): Comment {
  return {
    id,
    text: `Comment ${id}`,
    annotations: [],
    is_resolved: false,
    document_id: 4,
    segment_id: 12,
    segment_revision_id: 1,
    user_id: 2,
    created_at: 1_780_000_000 + id,
    updated_at: 1_780_000_000 + id,
    user_name: 'Ben',
    is_mine: false,
    ...patch,
  };
}

type Handler = (input: unknown) => IpcResult<unknown>;

/** Answers each channel from `handlers`; a channel not listed is a test mistake. */
function answer(handlers: Record<string, Handler>) {
  invoke.mockImplementation((channel, input) => {
    const handler = handlers[channel];
    return handler ? Promise.resolve(handler(input)) : Promise.reject(new Error(channel));
  });
}

// The thread as the editor panel wires it: over the document's comments query.
function ThreadHarness() {
  const result = useQuery(editorQueries.comments(4));
  return <CommentThread result={result} documentId={4} segmentId={12} number={3} />;
}

function renderThread() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThreadHarness />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const calls = (channel: string) => invoke.mock.calls.filter(([name]) => name === channel);

beforeEach(() => {
  invoke.mockReset();
  useCommentStore.setState(useCommentStore.getInitialState());
});

describe('CommentThread', () => {
  it('invites the first comment on a segment without any', async () => {
    answer({ 'comments:list': () => ({ ok: true, value: {} }) });
    renderThread();
    expect(screen.getByText('Loading the comments…')).toBeTruthy();
    await screen.findByText('No comments on this segment yet.');
    expect(screen.getByRole('textbox', { name: 'Comment on segment 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve thread' })).toBeNull();
  });

  it('lists the segment’s comments oldest first, with author and quote', async () => {
    const comments: DocumentComments = {
      '12': [
        comment(1, { user_name: 'Ana', annotations: [{ text: 'the file' }] }),
        comment(2, { text: 'Agreed.' }),
      ],
      '13': [comment(3, { segment_id: 13, text: 'Elsewhere' })],
    };
    answer({ 'comments:list': () => ({ ok: true, value: comments }) });
    renderThread();
    const list = await screen.findByRole('list', { name: 'Comments on segment 3' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('comment-author').textContent).toBe('Ana');
    expect(within(items[0]!).getByTestId('comment-quote').textContent).toBe('the file');
    expect(within(items[1]!).getByTestId('comment-text').textContent).toBe('Agreed.');
    expect(screen.getByRole('textbox', { name: 'Reply on segment 3' })).toBeTruthy();
  });

  it('offers edit and delete on your own comments only', async () => {
    const comments = { '12': [comment(1, { is_mine: true }), comment(2)] };
    answer({ 'comments:list': () => ({ ok: true, value: comments }) });
    const user = renderThread();
    await screen.findAllByRole('listitem');
    // Testing Library trims the hidden " your comment" part, where a browser keeps the space.
    expect(screen.getAllByRole('button', { name: /^Edit\s?your comment$/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /^Delete\s?your comment$/ }));
    expect(useCommentStore.getState().deleting).toEqual({ id: 1, documentId: 4 });
  });

  it('resolves the whole thread and then offers to reopen it', async () => {
    let thread = [comment(1), comment(2)];
    answer({
      'comments:list': () => ({ ok: true, value: { '12': thread } }),
      'comments:resolve-thread': () => {
        thread = thread.map((item) => ({ ...item, is_resolved: true }));
        return { ok: true, value: thread };
      },
    });
    const user = renderThread();
    await user.click(await screen.findByRole('button', { name: 'Resolve thread' }));
    await screen.findByRole('button', { name: 'Reopen thread' });
    expect(screen.getByRole('heading').textContent).toBe('Comments · Resolved');
    expect(calls('comments:resolve-thread')[0]?.[1]).toEqual({
      document_id: 4,
      segment_id: 12,
      is_resolved: true,
    });
  });

  it('says why resolving failed', async () => {
    answer({
      'comments:list': () => ({ ok: true, value: { '12': [comment(1)] } }),
      'comments:resolve-thread': () => ({
        ok: false,
        error: { code: 'not-found', message: 'The segment is gone.', status: 404 },
      }),
    });
    const user = renderThread();
    await user.click(await screen.findByRole('button', { name: 'Resolve thread' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The thread was not resolved');
    expect(alert.textContent).toContain('The segment is gone. (HTTP 404)');
  });

  it('explains a failed load and loads again on "Try again"', async () => {
    let isDown = true;
    answer({
      'comments:list': () =>
        isDown
          ? { ok: false, error: { code: 'unauthorized', message: 'The API key was refused.' } }
          : { ok: true, value: {} },
    });
    const user = renderThread();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the comments');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No comments on this segment yet.');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
