import { beforeEach, describe, expect, it } from 'vitest';
import { useTranslateStore } from './translate-store';

describe('the files ticked for Translate…', () => {
  beforeEach(() => useTranslateStore.getState().clear());

  it('ticks one at a time, or all shown at once, and all again unticks them', () => {
    const { toggle, toggleAll } = useTranslateStore.getState();
    toggle(1);
    toggle(2);
    toggle(1);
    expect(useTranslateStore.getState().selectedIds).toEqual([2]);
    toggleAll([1, 2, 3]);
    expect(useTranslateStore.getState().selectedIds).toEqual([2, 1, 3]);
    toggle(9);
    toggleAll([1, 2, 3]);
    expect(useTranslateStore.getState().selectedIds).toEqual([9]);
  });
});
