import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { closeToasts } from '../lib/notify';

// Testing Library unmounts after each test by itself only where `afterEach` is a global, which it is
// not here: unmount every rendered page after each test, so that no page's timers (a resend
// countdown, a poll) run on into the next test.
afterEach(() => cleanup());

// React's scheduler runs its work in a Node macrotask (setImmediate). Before the file's DOM
// environment is taken down: unmount, close the static toasts (a toast shown through notify without
// a recorder keeps a timer), and cancel the DOM's own timers and requests while `window` is still
// there (the environment's teardown would do it, then take `window` away at once); then let the
// React work all this queued run, or it meets a missing `window`.
afterAll(async () => {
  cleanup();
  await closeToasts();
  // (A file of its own environment, node, has no window.)
  await (globalThis as { window?: { happyDOM?: { abort(): Promise<void> } } }).window?.happyDOM?.abort();
  // React's scheduler yields between slices of work and goes on in the next macrotask, and a commit
  // queues its effects as one more task: on a busy machine a few turns are not enough.
  for (let turn = 0; turn < 10; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});
