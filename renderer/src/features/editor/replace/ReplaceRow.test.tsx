import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SegmentBatchParameters } from '../../../../../shared/api/segments';
import { createQueryClient } from '../../../app/query-client';
import { useEditorStore } from '../editor-store';
import { useFindStore } from '../find/find-store';
import { testSegment } from '../find/test-segments';
import { MAX_BATCH_SEGMENTS } from '../../../../../shared/api/segments';
import { ReplacePreview } from './ReplacePreview';
import { ReplaceRow } from './ReplaceRow';
import { useReplaceStore } from './replace-store';
import { installTestBridge } from '../../../test-bridge';

const invoke = installTestBridge();

const SEGMENTS = [
  testSegment({ id: 1, target: 'Abra el archivo.', is_confirmed: true }),
  testSegment({ id: 2, target: 'Cierre el archivo.' }),
  testSegment({ id: 3, target: 'Guarde el archivo.' }),
];

/** Saves every segment of a batch, except those in `changed` (answered as changed since). */
function answerBatches(changed: number[] = []) {
  invoke.mockImplementation((channel, input) => {
    if (channel !== 'segments:save-batch') return Promise.resolve({ ok: true, value: {} });
    const { segments } = input as SegmentBatchParameters;
    const as = (item: (typeof segments)[number]) =>
      testSegment({ id: item.id, target: item.target, revision: 9 });
    return Promise.resolve({
      ok: true,
      value: {
        saved: segments.filter((item) => !changed.includes(item.id)).map(as),
        changed_since: segments.filter((item) => changed.includes(item.id)).map(as),
      },
    });
  });
}

const batches = () =>
  invoke.mock.calls
    .filter(([channel]) => channel === 'segments:save-batch')
    .map(([, input]) => input as SegmentBatchParameters);

function renderRow() {
  const goTo = vi.fn<(index: number) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReplaceRow
        context={{ documentId: 7, segments: SEGMENTS, shown: [0, 1, 2], activeIndex: 0, goTo }}
      />
    </QueryClientProvider>,
  );
  return { goTo, user: userEvent.setup() };
}

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

beforeEach(() => {
  invoke.mockReset();
  useFindStore.setState(useFindStore.getInitialState());
  useEditorStore.setState(useEditorStore.getInitialState());
  useReplaceStore.setState(useReplaceStore.getInitialState());
  useFindStore.getState().setSearch({ query: 'archivo' });
});

describe('ReplaceRow', () => {
  it('replaces all through a preview with a segment left out, then undoes it', async () => {
    answerBatches();
    const { user } = renderRow();
    await user.type(screen.getByRole('textbox', { name: 'Replace with' }), 'fichero');
    await user.click(screen.getByRole('button', { name: 'Replace all…' }));
    const preview = screen.getByTestId('replace-preview');
    expect(within(preview).getAllByTestId('replace-change')).toHaveLength(3);
    await user.click(within(preview).getByRole('checkbox', { name: 'Replace in segment 2' }));
    expect(within(preview).getByTestId('replace-preview-count').textContent).toBe(
      '2 replacements in 2 segments.',
    );
    await user.click(within(preview).getByRole('button', { name: 'Replace in 2 segments' }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Replaced 2 in 2 segments.'),
    );
    // The confirmed segment becomes a draft: the box to keep it confirmed was left unticked.
    expect(batches()[0]).toEqual({
      document_id: 7,
      segments: [
        {
          id: 1,
          target: 'Abra el fichero.',
          expected_target: 'Abra el archivo.',
          is_confirmed: false,
          match_score: null,
        },
        {
          id: 3,
          target: 'Guarde el fichero.',
          expected_target: 'Guarde el archivo.',
          is_confirmed: false,
          match_score: null,
        },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Undo replace' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Undone: 2 segments back as they were.'),
    );
    expect(batches()[1]?.segments.map((item) => [item.id, item.target, item.is_confirmed])).toEqual(
      [
        [1, 'Abra el archivo.', true],
        [3, 'Guarde el archivo.', false],
      ],
    );
    expect(screen.queryByRole('button', { name: 'Undo replace' })).toBeNull();
  });

  it('says which segments changed since and left as they are', async () => {
    answerBatches([2]);
    const { user } = renderRow();
    await user.type(screen.getByRole('textbox', { name: 'Replace with' }), 'fichero');
    await user.click(screen.getByRole('button', { name: 'Replace all…' }));
    await user.click(screen.getByRole('button', { name: 'Replace in 3 segments' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Replaced 2 in 2 segments. 1 segment changed since, left as it is.',
      ),
    );
  });

  it('replaces in the active segment and goes on to the next hit', async () => {
    answerBatches();
    const { user, goTo } = renderRow();
    await user.type(screen.getByRole('textbox', { name: 'Replace with' }), 'fichero{Enter}');
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(1));
    expect(batches()[0]?.segments.map((item) => item.id)).toEqual([1]);
  });

  it('keeps a segment being edited out, and works in targets only', async () => {
    answerBatches();
    useEditorStore
      .getState()
      .setDraft({ segmentId: 2, text: 'Cierre el archivo ya.', inserted: null });
    const { user } = renderRow();
    await user.click(screen.getByRole('button', { name: 'Replace all…' }));
    const preview = screen.getByTestId('replace-preview');
    expect(within(preview).getAllByTestId('replace-change')).toHaveLength(2);
    expect(within(preview).getByTestId('replace-preview-editing').textContent).toContain(
      '1 segment being edited left out',
    );
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    useFindStore.getState().setSearch({ scope: 'source' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Replace' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('status').textContent).toContain('Replacing works in targets');
  });

  it('says before Apply that a replace is over what one save may carry', () => {
    const changes = Array.from({ length: MAX_BATCH_SEGMENTS + 1 }, (_, i) => ({
      segment: testSegment({ id: i + 1, target: 'a' }),
      number: i + 1,
      after: 'b',
      pieces: [{ removed: 'a', inserted: 'b' }],
      replaced: 1,
    }));
    render(
      <ReplacePreview
        plan={{ changes, replaced: changes.length, skipped: 0, editing: 0 }}
        onApply={() => {}}
        onClose={() => {}}
        fallbackFocus={() => null}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('at most 10,000 segments');
    expect(screen.getByTestId('replace-preview-apply')).toHaveProperty('disabled', true);
    // Only the first rows are drawn; the rest come on demand.
    expect(screen.getAllByTestId('replace-change')).toHaveLength(200);
  });
});
