import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Segment } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { qaIgnoreQueries } from '../qa/qa-ignore-queries';
import { SegmentRow } from './SegmentRow';

function segment(patch: Partial<Segment> = {}): Segment {
  return {
    id: 7,
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    document_id: 1,
    memory_id: 1,
    source: 'Save the file',
    srclang: 'en',
    target: '',
    trglang: 'de',
    is_confirmed: false,
    is_reviewed: false,
    index: 2,
    match_score: null,
    target_origin: null,
    note: null,
    context_key: null,
    memory_unit_id: null,
    word_count: 3,
    revision: 1,
    updated_by: null,
    ...patch,
  };
}

function renderRow(
  row: Segment,
  {
    isActive = false,
    onActivate = vi.fn<(index: number) => void>(),
    commentCount = 0,
    unresolvedComments = 0,
  } = {},
) {
  // The active row's live QA reads the document's ignored warnings: none, already fetched.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(qaIgnoreQueries.list(row.document_id ?? 0).queryKey, []);
  render(
    <QueryClientProvider client={client}>
      <SegmentRow
        segment={row}
        index={row.index}
        isActive={isActive}
        srclang="en"
        trglang="de"
        commentCount={commentCount}
        unresolvedComments={unresolvedComments}
        onActivate={onActivate}
      />
    </QueryClientProvider>,
  );
  return { row: screen.getByTestId('segment-row'), onActivate };
}

afterEach(() => {
  useEditorStore.setState(useEditorStore.getInitialState());
});

describe('SegmentRow', () => {
  it('labels the status from the segment', () => {
    renderRow(segment({ target: 'Datei speichern', is_confirmed: true }));
    expect(screen.getByTestId('segment-status').textContent).toBe('Confirmed');
    expect(screen.getByTestId('segment-row').dataset.status).toBe('confirmed');
  });

  it('calls an empty target "Not translated"', () => {
    renderRow(segment({ target: ' ' }));
    expect(screen.getByTestId('segment-status').textContent).toBe('Not translated');
  });

  it('calls an unconfirmed target "Draft"', () => {
    renderRow(segment({ target: 'Datei speichern' }));
    expect(screen.getByTestId('segment-status').textContent).toBe('Draft');
  });

  it('shows the match score chip for a TM target, and no MT chip', () => {
    renderRow(segment({ target: 'Datei speichern', match_score: 95, target_origin: 'tm' }));
    const chip = screen.getByTestId('segment-match-score');
    expect(chip.textContent).toContain('95%');
    expect(chip.getAttribute('title')).toBe('High fuzzy match, 95%');
    expect(screen.queryByTestId('segment-mt')).toBeNull();
  });

  it('marks a machine-translated target with the MT chip', () => {
    renderRow(segment({ target: 'Datei speichern', target_origin: 'mt' }));
    expect(screen.getByTestId('segment-mt').textContent).toBe('MT (machine translation)');
    expect(screen.queryByTestId('segment-match-score')).toBeNull();
  });

  it('names who last changed the segment', () => {
    renderRow(segment({ target: 'Datei speichern', updated_by: 'Ana' }));
    expect(screen.getByTestId('segment-author').textContent).toBe('by Ana');
    expect(screen.getByTestId('segment-status').getAttribute('title')).toBe('Draft by Ana');
  });

  it('marks a reviewed translation, by whom, apart from a confirmed one', () => {
    const reviewed = { target: 'Datei speichern', is_confirmed: true, is_reviewed: true };
    renderRow(segment({ ...reviewed, updated_by: 'Ana' }));
    const status = screen.getByTestId('segment-status');
    expect(status.textContent).toBe('Reviewed');
    expect(status.getAttribute('title')).toBe('Reviewed by Ana');
    expect(status.className).toBe('segment-status segment-status-reviewed');
    const row = screen.getByTestId('segment-row');
    expect(row.dataset.status).toBe('confirmed');
    expect(row.dataset.reviewed).toBe('true');
  });

  it('names nobody when an import or a pretranslation wrote the target', () => {
    renderRow(segment({ target: 'Datei speichern', updated_by: null }));
    expect(screen.queryByTestId('segment-author')).toBeNull();
    expect(screen.getByTestId('segment-status').getAttribute('title')).toBe('Draft');
  });

  it('shows an unsaved draft and calls it "Edited"', () => {
    useEditorStore.getState().setDraft({ segmentId: 7, text: 'Datei sichern', inserted: null });
    renderRow(segment({ target: 'Datei speichern' }));
    expect(screen.getByTestId('segment-status').textContent).toBe('Edited');
    expect(screen.getByTestId('segment-target').textContent).toBe('Datei sichern');
  });

  it('is not "Edited" once the draft equals the saved target', () => {
    useEditorStore.getState().setDraft({ segmentId: 7, text: 'Datei speichern', inserted: null });
    renderRow(segment({ target: 'Datei speichern' }));
    expect(screen.getByTestId('segment-status').textContent).toBe('Draft');
  });

  it('flags the QA warnings of its last confirm', () => {
    useEditorStore
      .getState()
      .recordQa(7, 3, [{ code: 'number-missing', message: 'The number 2 is missing.' }]);
    renderRow(segment({ target: 'Datei speichern', is_confirmed: true }));
    const qa = screen.getByTestId('segment-qa');
    expect(qa.getAttribute('title')).toBe('The number 2 is missing.');
    expect(qa.textContent).toContain('1 QA warnings');
  });

  it('counts its comments, marking unresolved ones', () => {
    renderRow(segment(), { commentCount: 2, unresolvedComments: 1 });
    const badge = screen.getByTestId('segment-comments');
    expect(badge.dataset.count).toBe('2');
    expect(badge.getAttribute('title')).toBe('2 comments, 1 unresolved');
    expect(screen.getByTestId('segment-comments-unresolved')).toBeTruthy();
  });

  it('shows no badge for a segment without comments', () => {
    renderRow(segment());
    expect(screen.queryByTestId('segment-comments')).toBeNull();
    expect(screen.queryByTestId('segment-qa')).toBeNull();
  });

  it('calls onActivate with its index when an inactive row is clicked', async () => {
    const { row, onActivate } = renderRow(segment({ index: 4 }));
    await userEvent.click(within(row).getByTestId('segment-source'));
    expect(onActivate).toHaveBeenCalledExactlyOnceWith(4);
  });

  it('does not call onActivate when the active row is clicked', async () => {
    const { row, onActivate } = renderRow(segment(), { isActive: true });
    await userEvent.click(within(row).getByTestId('segment-source'));
    expect(onActivate).not.toHaveBeenCalled();
    expect(row.getAttribute('aria-current')).toBe('true');
  });

  it('keeps what is typed in the active row as a draft', async () => {
    renderRow(segment({ target: 'Datei' }), { isActive: true });
    const editor = screen.getByRole('textbox');
    expect(document.activeElement).toBe(editor);
    await userEvent.type(editor, ' speichern');
    expect(useEditorStore.getState().drafts[7]?.text).toBe('Datei speichern');
    expect(screen.getByTestId('segment-status').textContent).toBe('Edited');
  });
});
