import { beforeEach, vi } from 'vitest';
import { setNotifier } from '../lib/notify';

/**
 * The toasts a test's screen shows (success and error texts), recorded instead of shown: fresh
 * for each test of the file. No real toast is left with a timer after the test.
 */
export function notesPerTest() {
  const notes = { success: vi.fn<(text: string) => void>(), error: vi.fn<(text: string) => void>() };
  beforeEach(() => {
    notes.success.mockReset();
    notes.error.mockReset();
    setNotifier(notes);
  });
  return notes;
}
