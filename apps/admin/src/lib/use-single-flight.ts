import { useCallback, useRef, useState } from 'react';

/**
 * Runs an async action at most once at a time: a second click while the first is still validating
 * the form or waiting for the server does nothing. `busy` disables the buttons meanwhile.
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        await action(...args);
      } catch {
        // Shown where it happened: the form's fields, or once by the mutation cache.
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [action],
  );
  return { run, busy };
}
