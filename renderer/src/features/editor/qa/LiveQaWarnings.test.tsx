import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QaIgnore } from '../../../../../shared/api/qa';
import type { Segment } from '../../../../../shared/api/segments';
import { LiveQaWarnings } from './LiveQaWarnings';
import { qaIgnoreQueries } from './qa-ignore-queries';
import { LIVE_QA_DELAY_MS } from './use-live-qa';

const SEGMENT = {
  id: 3,
  document_id: 1,
  source: 'The flat has 3 bedrooms.',
  target: '',
} as Segment;
const languages = { source: 'en', target: 'es' };

function renderLive(ignores: QaIgnore[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(qaIgnoreQueries.list(1).queryKey, ignores);
  const view = (text: string) => (
    <QueryClientProvider client={client}>
      <LiveQaWarnings segment={SEGMENT} text={text} languages={languages} />
    </QueryClientProvider>
  );
  const { rerender } = render(view(''));
  return { type: (text: string) => rerender(view(text)) };
}

const codes = () =>
  screen.queryAllByTestId('live-qa-warning').map((item) => item.getAttribute('data-code'));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveQaWarnings', () => {
  it('checks the target once typing pauses, not on each key', () => {
    const live = renderLive();
    expect(codes()).toEqual([]);
    live.type('El piso tiene 4');
    live.type('El piso tiene 4 dormitorios.');
    act(() => vi.advanceTimersByTime(LIVE_QA_DELAY_MS - 10));
    expect(codes()).toEqual([]);
    act(() => vi.advanceTimersByTime(10));
    expect(codes()).toEqual(['number-missing', 'number-extra']);
    expect(screen.getAllByTestId('live-qa-warning')[0]?.textContent).toContain('“3”');

    live.type('El piso tiene 3 dormitorios.');
    act(() => vi.advanceTimersByTime(LIVE_QA_DELAY_MS));
    expect(codes()).toEqual([]);
  });

  it('leaves out warnings ignored on this very target', () => {
    const ignore: QaIgnore = {
      id: 1,
      document_id: 1,
      segment_id: 3,
      check: 'number-missing',
      target: 'El piso tiene 4 dormitorios.',
      user_name: 'Ana',
      created_at: 0,
    };
    const live = renderLive([ignore]);
    live.type('El piso tiene 4 dormitorios.');
    act(() => vi.advanceTimersByTime(LIVE_QA_DELAY_MS));
    expect(codes()).toEqual(['number-extra']);
    live.type('El piso tiene 4 dormitorios!');
    act(() => vi.advanceTimersByTime(LIVE_QA_DELAY_MS));
    expect(codes()).toEqual(['number-missing', 'number-extra', 'ending']);
  });
});
