import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentWithSegments } from '../../../../../shared/api/documents';
import type { QaIgnore } from '../../../../../shared/api/qa';
import type { Segment } from '../../../../../shared/api/segments';
import { createQueryClient } from '../../../app/query-client';
import { QaReportPanel } from './QaReportPanel';
import { useQaReportStore } from './qa-report-store';
import { installTestBridge } from '../../../test-bridge';

const invoke = installTestBridge();

const segment = (id: number, source: string, target: string) =>
  ({ id, index: id - 1, document_id: 4, source, target, is_confirmed: true }) as Segment;

const DOCUMENT = {
  id: 4,
  srclang: 'en',
  trglang: 'es',
  segments: [
    segment(1, 'Pay 1,000 euros.', 'Pague 1.000 euros.'),
    segment(2, 'The flat has 3 bedrooms.', 'El piso tiene 4 dormitorios.'),
  ],
} as DocumentWithSegments;

const IGNORE: QaIgnore = {
  id: 1,
  document_id: 4,
  segment_id: 2,
  check: 'number-missing',
  target: 'El piso tiene 4 dormitorios.',
  user_name: 'Ana',
  created_at: 0,
};

/** Renders the report over a server that keeps `ignores` (an ignore sent is added to them). */
function renderReport(ignores: QaIgnore[] = []) {
  invoke.mockImplementation((channel) => {
    if (channel === 'qa:ignore') ignores.push(IGNORE);
    const value = channel === 'qa:ignore' ? IGNORE : channel === 'qa:unignore' ? {} : [...ignores];
    return Promise.resolve({ ok: true, value });
  });
  const onGoTo = vi.fn<(index: number) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QaReportPanel document={DOCUMENT} onGoTo={onGoTo} />
    </QueryClientProvider>,
  );
  return { onGoTo };
}

beforeEach(() => invoke.mockReset());
afterEach(() => useQaReportStore.setState(useQaReportStore.getInitialState()));

describe('QaReportPanel', () => {
  it('lists the warnings by check; a click goes to the segment', async () => {
    const { onGoTo } = renderReport();
    expect(await screen.findByText('2 warnings')).toBeTruthy();
    const groups = screen.getAllByTestId('qa-report-group');
    expect(groups.map((group) => group.getAttribute('data-check'))).toEqual([
      'number-missing',
      'number-extra',
    ]);
    await userEvent.click(within(groups[0]!).getByTestId('qa-report-go'));
    expect(onGoTo).toHaveBeenCalledWith(1);
  });

  it('ignores a warning on the target it was seen with', async () => {
    renderReport();
    const missing = (await screen.findAllByTestId('qa-report-item'))[0]!;
    await userEvent.click(within(missing).getByTestId('qa-report-ignore'));
    expect(invoke).toHaveBeenCalledWith('qa:ignore', {
      document_id: 4,
      segment_id: 2,
      check: 'number-missing',
      target: 'El piso tiene 4 dormitorios.',
    });
    expect(await screen.findByText('1 warning, 1 ignored')).toBeTruthy();
  });

  it('shows ignored warnings on request, to show them again', async () => {
    renderReport([IGNORE]);
    expect(await screen.findByText('1 warning, 1 ignored')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Show ignored'));
    const ignored = screen.getByTestId('qa-report-unignore');
    await userEvent.click(ignored);
    expect(invoke).toHaveBeenCalledWith('qa:unignore', {
      document_id: 4,
      segment_id: 2,
      check: 'number-missing',
    });
  });
});
