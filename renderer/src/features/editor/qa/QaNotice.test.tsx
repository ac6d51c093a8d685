import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEditorStore } from '../editor-store';
import { checkSegment } from './qa';
import { QaNotice } from './QaNotice';

beforeEach(() => {
  useEditorStore.setState(useEditorStore.getInitialState());
});

describe('QaNotice', () => {
  it('is an empty live region while there is nothing to say', () => {
    render(<QaNotice />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
  });

  it('lists the warnings of the confirm just done, one per line', () => {
    render(<QaNotice />);
    const warnings = checkSegment('Pay 10 EUR by {date}.', 'Zahlen Sie 12 EUR.');
    expect(warnings.length).toBeGreaterThan(1);
    act(() => useEditorStore.getState().recordQa(7, 3, warnings));

    const notice = screen.getByTestId('editor-qa');
    expect(notice.textContent).toContain(
      `Segment 3 was confirmed with ${warnings.length} QA warnings:`,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(warnings.map((w) => w.message));
    expect(items.map((item) => item.dataset.code)).toEqual(warnings.map((w) => w.code));
  });

  it('says "a QA warning" for a single one', () => {
    render(<QaNotice />);
    act(() => useEditorStore.getState().recordQa(7, 12, checkSegment('Hello', ' ')));
    expect(screen.getByTestId('editor-qa').textContent).toContain(
      'Segment 12 was confirmed with a QA warning:',
    );
    expect(screen.getByRole('listitem').textContent).toBe('The translation is empty.');
  });

  it('goes away when the next confirm is clean', () => {
    render(<QaNotice />);
    act(() => useEditorStore.getState().recordQa(7, 3, checkSegment('Hello', '')));
    expect(screen.queryByTestId('editor-qa')).not.toBeNull();
    act(() => useEditorStore.getState().recordQa(8, 4, []));
    expect(screen.queryByTestId('editor-qa')).toBeNull();
  });

  it('says why a confirm was refused, until the user moves on', () => {
    render(<QaNotice />);
    act(() =>
      useEditorStore.getState().refuse({ segmentId: 5, message: 'Type a translation first.' }),
    );
    expect(screen.getByRole('status').textContent).toBe('Type a translation first.');
    act(() => useEditorStore.getState().setActive(6));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
