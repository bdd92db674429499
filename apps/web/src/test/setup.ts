import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { closeToasts } from '../lib/notify';

// Testing Library unmounts after each test by itself only where `afterEach` is a global, which it is
// not here: unmount every rendered page after each test, so that no page's timers (a resend
// countdown, a poll) run on into the next test.
afterEach(() => cleanup());

// React's scheduler runs its work in a Node macrotask (setImmediate). Let the work that unmounting
// queued finish before the file's DOM environment is taken down, or it meets a missing `window`.
// A toast shown through notify without a recorder (antd's static message) keeps a timer: closed too.
afterAll(async () => {
  cleanup();
  await closeToasts();
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
});
