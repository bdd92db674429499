import { vi } from 'vitest';

/**
 * Catches the files a page saves (an object URL on a link, clicked): `saved` gets each file's
 * name, `createUrl` spies on the object URLs made (each is `url`). The test file restores the
 * spies (vi.restoreAllMocks after each test).
 */
export function catchDownloads(url: string) {
  const saved: string[] = [];
  const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue(url);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { saved, createUrl };
}
