import { useCallback, useRef } from 'react';

/**
 * Sends at most one at a time: a call while the previous sending's promise has not settled is
 * ignored, so a double click on 提交 sends once even before the button has turned to loading. A
 * failure is the sending's own to show (its mutation's onError); here it only ends the wait.
 */
export function useSingleFlight(): (send: () => unknown) => void {
  const busy = useRef(false);
  return useCallback((send: () => unknown) => {
    if (busy.current) return;
    const result = send();
    if (!isThenable(result)) return;
    busy.current = true;
    const settled = () => {
      busy.current = false;
    };
    result.then(settled, settled);
  }, []);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}
