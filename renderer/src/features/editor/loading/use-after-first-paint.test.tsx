import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

afterEach(() => {
  vi.useRealTimers();
});

describe('useAfterFirstPaint', () => {
  it('is false for the first frame, then true for good', async () => {
    const { result, rerender } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender();
    expect(result.current).toBe(true);
  });

  it('waits while nothing is shown, then for the frame that shows it', async () => {
    const { result, rerender } = renderHook(({ isShown }) => useAfterFirstPaint(isShown), {
      initialProps: { isShown: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(result.current).toBe(false);
    rerender({ isShown: true });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('goes on after a while when no frame comes (a hidden window)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const noFrame = vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(1);
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(250));
    expect(result.current).toBe(true);
    noFrame.mockRestore();
  });
});
