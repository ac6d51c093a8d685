import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SegmentLoadingNote } from './SegmentLoadingNote';

describe('SegmentLoadingNote', () => {
  it('says how many segments are in while the rest load', () => {
    render(<SegmentLoadingNote loaded={100} total={10_000} isSearching={false} />);
    expect(screen.getByRole('status').textContent).toBe('Loading segments: 100 of 10,000.');
  });

  it('says a search has looked at the loaded segments only', () => {
    render(<SegmentLoadingNote loaded={3_000} total={10_000} isSearching />);
    expect(screen.getByRole('status').textContent).toBe(
      'Searching 3,000 of 10,000 segments loaded so far; the rest are loading.',
    );
  });

  it('is gone once every segment is there', () => {
    render(<SegmentLoadingNote loaded={10_000} total={10_000} isSearching />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
