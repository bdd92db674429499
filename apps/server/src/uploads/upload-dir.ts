import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Config } from '../config';

/**
 * The folder uploaded files are kept in: DATA_DIR/uploads, or a temporary folder (removed when
 * the app closes) when the data lives in memory. One folder per configuration, so the /Shop.
 * and /Shopv2. registrations of a controller share it.
 */
const folders = new WeakMap<Config, { root: string; temporary: boolean }>();

export function uploadsRoot(config: Config): { root: string; temporary: boolean } {
  let folder = folders.get(config);
  if (!folder) {
    folder =
      config.DATA_DIR === 'memory'
        ? { root: mkdtempSync(join(tmpdir(), 'shop-uploads-')), temporary: true }
        : { root: resolve(config.DATA_DIR, 'uploads'), temporary: false };
    folders.set(config, folder);
  }
  return folder;
}

/** Removes a temporary uploads folder (a no-op for DATA_DIR/uploads). */
export function releaseUploadsRoot(config: Config): void {
  const folder = folders.get(config);
  if (!folder?.temporary) return;
  folders.delete(config);
  rmSync(folder.root, { recursive: true, force: true });
}
