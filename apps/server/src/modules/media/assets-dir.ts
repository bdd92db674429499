import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** apps/server/assets, next to the sources (dev, tests) or to the bundle (dist). */
export function assetsDir(): string {
  for (const rel of ['../../../assets', '../assets']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}/video`)) return dir;
  }
  throw new Error('assets folder (apps/server/assets) not found');
}
