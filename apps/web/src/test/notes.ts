import { beforeEach, vi } from 'vitest';
import { setNotifier } from '../lib/notify';

/** The app's toasts of each test, recorded instead of shown (success and error texts). */
export function captureNotesPerTest() {
  const notes = { success: vi.fn<(t: string) => void>(), error: vi.fn<(t: string) => void>() };
  beforeEach(() => {
    notes.success.mockReset();
    notes.error.mockReset();
    setNotifier(notes);
  });
  return notes;
}
