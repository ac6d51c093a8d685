import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Translation, TranslationList } from '../../../../../shared/api/translate';
import { createQueryClient } from '../../../app/query-client';
import { editorQueries } from '../queries';
import { MatchPanel } from './MatchPanel';
import { installTestBridge } from '../../../test-bridge';

const SOURCE = 'Save the file now';

const invoke = installTestBridge();

function answer(translation: Translation[], extra: Partial<TranslationList> = {}) {
  const list: TranslationList = { untokenizedSource: SOURCE, translation, ...extra };
  invoke.mockResolvedValue({ ok: true, value: list });
}

const tm = (target: string, score: number, source?: string): Translation => ({
  target,
  score,
  isTMMatch: true,
  source,
  metadata: { memory_name: 'Software' },
});
const mt: Translation = {
  target: 'Speichern Sie die Datei jetzt',
  score: 0,
  isTMMatch: false,
  engine: 'apertium',
};

/** The panel fed by the editor's own translate query, as DocumentEditor does. */
function Matches({ onInsert }: { onInsert: (index: number) => void }) {
  const result = useQuery(editorQueries.translate({ memoryId: 3, segmentId: 7, source: SOURCE }));
  return (
    <MatchPanel result={result} source={SOURCE} srclang="en" trglang="de" onInsert={onInsert} />
  );
}

function renderPanel() {
  const onInsert = vi.fn<(index: number) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Matches onInsert={onInsert} />
    </QueryClientProvider>,
  );
  return { onInsert };
}

beforeEach(() => {
  invoke.mockReset();
});

describe('MatchPanel', () => {
  it('asks the bridge for the active segment and says it is looking', async () => {
    answer([]);
    renderPanel();
    expect(screen.getByTestId('matches-loading')).toBeTruthy();
    await screen.findByTestId('tm-no-match');
    expect(invoke).toHaveBeenCalledExactlyOnceWith('translate:segment', {
      memory_id: 3,
      source: SOURCE,
      segment_id: 7,
    });
  });

  it('lists the TM matches with their scores, above the machine translation', async () => {
    // MT first on the wire: the panel still puts the memory's matches above it.
    answer([mt, tm('Datei jetzt speichern', 101), tm('Datei speichern', 88, 'Save the file')]);
    renderPanel();
    const items = await screen.findAllByTestId('tm-match-item');
    expect(items.map((item) => within(item).getByTestId('tm-score').textContent)).toEqual([
      '101%Context match, 101%',
      '88%Fuzzy match, 88%',
    ]);
    expect(items.map((item) => within(item).getByTestId('match-target').textContent)).toEqual([
      'Datei jetzt speichern',
      'Datei speichern',
    ]);
    const mtItem = screen.getByTestId('mt-item');
    expect(within(mtItem).getByTestId('mt-label').textContent).toBe(
      'Machine translation · apertium',
    );
    for (const item of items) {
      expect(item.compareDocumentPosition(mtItem) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('inserts a TM match by its place, and the MT after the matches', async () => {
    answer([tm('Datei jetzt speichern', 100), tm('Datei speichern', 90, 'Save the file'), mt]);
    const { onInsert } = renderPanel();
    const buttons = await screen.findAllByTestId('match-insert');
    expect(buttons[1]?.getAttribute('aria-label')).toBe('Insert match 2 (Ctrl+2 or Alt+2)');
    await userEvent.click(buttons[1]!);
    expect(onInsert).toHaveBeenLastCalledWith(1);
    const mtInsert = screen.getByTestId('mt-insert');
    expect(mtInsert.textContent).toBe('Insert 3');
    await userEvent.click(mtInsert);
    expect(onInsert).toHaveBeenLastCalledWith(2);
  });

  it('marks a fuzzy match against the current source', async () => {
    answer([tm('Datei speichern', 80, 'Save the file')]);
    renderPanel();
    const source = await screen.findByTestId('match-source');
    expect(source.textContent).toContain('Save the file');
    // The word only in the current source is marked as an insertion.
    const inserted = within(source).getByTestId('diff-ins');
    expect(inserted.tagName).toBe('INS');
    expect(inserted.textContent).toContain('now');
    expect(within(source).queryByTestId('diff-del')).toBeNull();
  });

  it('says when there is no TM match and why there is no MT', async () => {
    answer([], { mtUnavailable: 'no engine for en-de' });
    renderPanel();
    expect((await screen.findByTestId('tm-no-match')).textContent).toContain('50% or more');
    expect(screen.getByTestId('mt-unavailable').textContent).toBe(
      'No machine translation: no engine for en-de',
    );
    expect(screen.queryByTestId('mt-item')).toBeNull();
  });

  it('shows a failed lookup and looks up again on "Try again"', async () => {
    invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'conflict', status: 409, message: 'The memory is being rebuilt' },
    });
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not look up matches');
    expect(alert.textContent).toContain('The memory is being rebuilt');
    answer([tm('Datei speichern', 100)]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tm-match-item')).toBeTruthy();
    expect(invoke).toHaveBeenCalledTimes(2);
  });
});
