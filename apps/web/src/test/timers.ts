import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/**
 * Fake timers for each test of the file (`advance: true` lets them follow the real clock too,
 * for screens that also wait on promises); the screen, the timers and the spies are put back
 * afterwards.
 */
export function fakeTimersPerTest(options: { advance?: boolean } = {}) {
  beforeEach(() => {
    vi.useFakeTimers(options.advance ? { shouldAdvanceTime: true } : undefined);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
