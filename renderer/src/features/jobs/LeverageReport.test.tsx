import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../shared/csv';
import { LeverageChart } from './LeverageChart';
import { LeverageTable } from './LeverageTable';
import { leverageCsv } from './leverage-bands';
import { SAMPLE_REPORT } from './sample-job';

const nameOf = (tag: string) => ({ es: 'Spanish (es)', ca: 'Catalan (ca)' })[tag] ?? tag;

describe('the leverage chart', () => {
  it('draws one bar per language, its bands by share, and reads them out', () => {
    render(<LeverageChart report={SAMPLE_REPORT} nameOf={nameOf} />);
    const spanish = screen.getByRole('img', { name: /^Spanish \(es\): 100 words/ });
    expect(spanish.getAttribute('aria-label')).toBe(
      'Spanish (es): 100 words. 100% match: 50 words (50%); 85–94% fuzzy: 25 words (25%); ' +
        'No match: 25 words (25%)',
    );
    const parts = spanish.querySelectorAll<HTMLElement>('.leverage-segment');
    expect([...parts].map((part) => [part.className, part.style.width])).toEqual([
      ['leverage-segment band-exact', '50%'],
      ['leverage-segment band-fuzzy85', '25%'],
      ['leverage-segment band-new', '25%'],
    ]);
    // A band with no words takes no room and is not read out.
    const catalan = screen.getByRole('img', { name: /^Catalan/ });
    expect(catalan.querySelectorAll('.leverage-segment')).toHaveLength(1);
    expect(catalan.getAttribute('aria-label')).toBe(
      'Catalan (ca): 100 words. No match: 100 words (100%)',
    );
  });

  it('names every colour in the legend in words, with its share of the job', () => {
    render(<LeverageChart report={SAMPLE_REPORT} nameOf={nameOf} />);
    const legend = screen.getByRole('list', { name: 'Bands' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['100% match (25%)', '85–94% fuzzy (13%)', 'No match (63%)']);
  });
});

describe('the leverage table', () => {
  it('gives the figures per language and band, with totals', () => {
    render(<LeverageTable report={SAMPLE_REPORT} nameOf={nameOf} />);
    const table = screen.getByRole('table', { name: 'Leverage analysis per language and band' });
    const groups = within(table).getAllByRole('rowgroup').slice(1);
    expect(groups.map((group) => within(group).getAllByRole('row')[0]!.textContent)).toEqual([
      'Spanish (es)',
      'Catalan (ca)',
      'All languages',
    ]);
    const exact = within(groups[0]!).getByRole('row', { name: /^100% match/ });
    expect(
      within(exact)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['50', '50%', '10', '300']);
    const total = within(groups[2]!).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['200', '100%', '40', '1,200']);
  });

  it('exports the same figures as CSV', () => {
    const rows = parseCsv(leverageCsv(SAMPLE_REPORT, nameOf)).filter((row) => row.length > 1);
    expect(rows[0]).toEqual(['Language', 'Band', 'Words', 'Segments', 'Characters']);
    expect(rows[1]).toEqual(['Spanish (es)', '100% match', '50', '10', '300']);
    expect(rows.at(-1)).toEqual(['All languages', 'Total', '200', '40', '1200']);
    expect(rows).toHaveLength(1 + 4 + 4 + 4);
  });
});
