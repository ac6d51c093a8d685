import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Segment } from '../../../../../shared/api/segments';
import { useEditorStore } from '../editor-store';
import { FindBar } from './FindBar';
import { useFindStore } from './find-store';
import { testSegment } from './test-segments';
import { useSegmentFind } from './use-segment-find';

const SEGMENTS: Segment[] = [
  testSegment({ id: 1, source: 'Open the file', target: 'Abra el archivo', is_confirmed: true }),
  testSegment({ id: 2, source: 'Close the file', target: '' }),
  testSegment({ id: 3, source: 'Save (Ctrl+S)', target: '' }),
];

const DOCUMENT = { id: 9, srclang: 'en', trglang: 'es', segments: SEGMENTS };

// The bar as the editor wires it: its filters feed useSegmentFind, whose answer it shows.
function FindHarness({ onGoTo }: { onGoTo: (index: number) => void }) {
  const { passes, invalidSearch } = useSegmentFind(DOCUMENT, undefined, null);
  const passing = passes ? passes.filter(Boolean).length : null;
  return (
    <FindBar segments={SEGMENTS} passing={passing} invalidSearch={invalidSearch} onGoTo={onGoTo} />
  );
}

function renderBar() {
  const onGoTo = vi.fn<(index: number) => void>();
  // No filter these tests choose asks the server (the QA filter's ignore list is not chosen).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FindHarness onGoTo={onGoTo} />
    </QueryClientProvider>,
  );
  return { onGoTo, user: userEvent.setup() };
}

beforeEach(() => {
  useFindStore.setState(useFindStore.getInitialState());
  useEditorStore.setState(useEditorStore.getInitialState());
});

describe('FindBar', () => {
  it('is a search landmark whose status filter counts each state', () => {
    renderBar();
    const bar = screen.getByRole('search');
    const status = within(bar).getByRole('combobox', { name: 'Show segments' });
    const options = within(status)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain('Not translated (2)');
    expect(options).toContain('Confirmed (1)');
    expect(options).toContain('All segments');
    expect(screen.getByTestId('find-count').textContent).toBe('');
  });

  it('counts what a typed search leaves', async () => {
    const { user } = renderBar();
    await user.type(screen.getByRole('searchbox', { name: 'Search segments' }), 'file');
    expect(screen.getByRole('status').textContent).toBe('2 of 3 segments');
  });

  it('narrows the search to the target when asked', async () => {
    const { user } = renderBar();
    await user.type(screen.getByRole('searchbox', { name: 'Search segments' }), 'file');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search in' }), 'target');
    expect(screen.getByRole('status').textContent).toBe('0 of 3 segments');
  });

  it('says in words why a regular expression is invalid, and ties it to the field', async () => {
    const { user } = renderBar();
    const regex = screen.getByRole('button', { name: 'Regular expression' });
    await user.click(regex);
    expect(regex.getAttribute('aria-pressed')).toBe('true');
    const field = screen.getByRole('searchbox', { name: 'Search segments' });
    await user.type(field, 'Save (Ctrl');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^This is not a valid regular expression/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByTestId('find-count')).toBeNull();
  });

  it('treats the same text as plain once the regex switch is off', async () => {
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Regular expression' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search segments' }), 'Save (Ctrl');
    await user.click(screen.getByRole('button', { name: 'Regular expression' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 of 3 segments');
  });

  it('clears the search with Esc, then hands the focus back to the translation', async () => {
    const { user } = renderBar();
    const field = screen.getByRole('searchbox', { name: 'Search segments' });
    await user.type(field, 'file');
    await user.keyboard('{Escape}');
    expect(field).toHaveProperty('value', '');
    expect(document.activeElement).toBe(field);
    expect(useEditorStore.getState().targetFocusRequest).toBe(0);

    await user.keyboard('{Escape}');
    expect(document.activeElement).not.toBe(field);
    expect(useEditorStore.getState().targetFocusRequest).toBe(1);
  });

  it('selects the search text on Ctrl+F (a focus request), ready to overwrite', async () => {
    const { user } = renderBar();
    const field = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search segments' });
    await user.type(field, 'file');
    expect(field.selectionStart).toBe(4);
    act(() => useFindStore.getState().focusSearch());
    await waitFor(() => expect(field.selectionStart).toBe(0));
    expect(field.selectionEnd).toBe(4);
  });

  it('filters by status from the keyboard', async () => {
    const { user } = renderBar();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show segments' }), 'confirmed');
    expect(useFindStore.getState().status).toBe('confirmed');
    expect(screen.getByRole('status').textContent).toBe('1 of 3 segments');
  });
});
