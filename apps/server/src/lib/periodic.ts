/**
 * Runs `task` every `everyMs` in the background (the timer does not keep the process alive); a
 * run is skipped while the previous one is still under way, and a failure goes to `onError`.
 * Returns the function that stops it.
 */
export function startPeriodic(
  everyMs: number,
  task: () => Promise<unknown>,
  onError: (err: unknown) => void,
  options: { firstAfterMs?: number } = {},
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => (running = false));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(run, options.firstAfterMs);
  first?.unref();
  return () => {
    clearInterval(timer);
    if (first) clearTimeout(first);
  };
}
