import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSingleFlight } from './use-single-flight';

describe('useSingleFlight', () => {
  it('runs once while the first run is still on its way, and again after it', async () => {
    let finish: () => void = () => {};
    let runs = 0;
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        runs += 1;
        await new Promise<void>((resolve) => (finish = resolve));
      }),
    );
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run();
      void result.current.run();
    });
    expect(runs).toBe(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.busy).toBe(false);
    act(() => void result.current.run());
    expect(runs).toBe(2);
  });

  it('is free again after a failure', async () => {
    let runs = 0;
    const { result } = renderHook(() =>
      useSingleFlight(async () => {
        runs += 1;
        throw new Error('拒绝');
      }),
    );
    await act(() => result.current.run());
    await act(() => result.current.run());
    expect(runs).toBe(2);
    expect(result.current.busy).toBe(false);
  });
});
