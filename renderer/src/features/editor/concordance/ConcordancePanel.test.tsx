import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConcordanceResponse } from '../../../../../shared/api/concordance';
import { createQueryClient } from '../../../app/query-client';
import { ConcordancePanel } from './ConcordancePanel';
import { useConcordanceStore } from './concordance-store';
import { installTestBridge } from '../../../test-bridge';

const invoke = installTestBridge();

const ANSWER: ConcordanceResponse = {
  capped: false,
  hits: [
    {
      source: 'Open the File menu.',
      target: 'Abra el menú Archivo.',
      source_ranges: [[9, 18]],
      target_ranges: [],
      metadata: { segment_id: 4, origin: 'help.tmx', updated_at: 1_700_000_000 },
    },
  ],
};

function renderPanel() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConcordancePanel memoryId={3} srclang="en" trglang="es" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  invoke.mockReset();
  invoke.mockResolvedValue({ ok: true, value: ANSWER });
  useConcordanceStore.setState({ ask: null, opener: null });
});

describe('ConcordancePanel', () => {
  it('is not there until Ctrl+K opens it', () => {
    renderPanel();
    expect(screen.queryByTestId('concordance-panel')).toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });

  it("asks the memory for the words and marks them in the hits' texts", async () => {
    useConcordanceStore.getState().open({ text: 'file menu', side: 'source' }, null);
    renderPanel();
    const hit = await screen.findByTestId('concordance-hit');
    expect(invoke).toHaveBeenCalledWith('memories:concordance', {
      id: 3,
      q: 'file menu',
      in: 'source',
      n: 20,
    });
    expect(within(hit).getByTestId('concordance-mark').textContent).toBe('File menu');
    expect(within(hit).getByTestId('concordance-target').textContent).toBe('Abra el menú Archivo.');
    expect(screen.getByTestId('concordance-summary').textContent).toBe('1 unit, shortest first');
  });

  it('searches again on another side, and Esc closes it and gives the focus back', async () => {
    const opener = document.createElement('textarea');
    document.body.append(opener);
    useConcordanceStore.getState().open({ text: 'Archivo', side: 'source' }, opener);
    renderPanel();
    const user = userEvent.setup();
    await screen.findByTestId('concordance-hit');
    await user.selectOptions(screen.getByTestId('concordance-panel-side'), 'target');
    expect(invoke).toHaveBeenLastCalledWith('memories:concordance', {
      id: 3,
      q: 'Archivo',
      in: 'target',
      n: 20,
    });
    await user.click(screen.getByTestId('concordance-panel-input'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('concordance-panel')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('says when nothing holds the words', async () => {
    invoke.mockResolvedValue({ ok: true, value: { hits: [], capped: false } });
    useConcordanceStore.getState().open({ text: 'zebra', side: 'both' }, null);
    renderPanel();
    expect((await screen.findByTestId('concordance-empty')).textContent).toContain('zebra');
  });

  it('shows how far the memory is indexed while the server builds it, then the hits', async () => {
    const indexing = 'Indexing the memory for concordance: 250 of 600 units';
    invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'server', status: 503, message: indexing },
    });
    useConcordanceStore.getState().open({ text: 'file menu', side: 'source' }, null);
    renderPanel();
    expect((await screen.findByText(`${indexing}…`)).dataset.testid).toBe('concordance-loading');
    // Asked again after the server's Retry-After: the index is built by then.
    await screen.findByTestId('concordance-hit');
    expect(invoke).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('concordance-loading')).toBeNull();
  });
});
