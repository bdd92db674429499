import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** apps/server/assets, next to the sources (dev, tests) or to the bundle (dist). */
export function assetsDir(): string {
  for (const rel of ['../../../assets', '../assets']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}/video`)) return dir;
  }
  throw new Error('assets folder (apps/server/assets) not found');
}

/** The shop's Chinese font (a subset of WenQuanYi Zen Hei: tools/fonts/make-shop-font.mjs), for PDFs and posters. */
export function shopFontPath(): string {
  return join(assetsDir(), 'fonts', 'shop-sc.ttf');
}
