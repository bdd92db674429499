import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again (an SMS code resent): `start(n)` counts down
 * from n once a second to 0.
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.round(seconds))), []);
  return { left, start };
}
