import { describe, expect, it } from 'vitest';
import { formatMemoryRoute, parseMemoryRoute } from './memory-route';

describe('the open memory in the address', () => {
  it('reads and writes the memory and the tab', () => {
    expect(parseMemoryRoute('memory=12&tab=terms')).toEqual({ memoryId: 12, tab: 'terms' });
    expect(formatMemoryRoute({ memoryId: 12, tab: 'terms' })).toBe('memory=12&tab=terms');
    expect(parseMemoryRoute('memory=2&tab=concordance')).toEqual({
      memoryId: 2,
      tab: 'concordance',
    });
    expect(formatMemoryRoute({ memoryId: 3, tab: 'search' })).toBe('memory=3');
    expect(formatMemoryRoute({ memoryId: null, tab: 'search' })).toBe('');
  });

  it('leaves out what it cannot read', () => {
    expect(parseMemoryRoute('memory=abc&tab=units')).toEqual({ memoryId: null, tab: 'search' });
    expect(parseMemoryRoute('memory=-4')).toEqual({ memoryId: null, tab: 'search' });
    expect(parseMemoryRoute('memory=1.5')).toEqual({ memoryId: null, tab: 'search' });
  });
});
