import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Brotli and gzip copies of the built app's text files (`app.js.br`, `app.js.gz`), made once at
 * build time: the server sends the copy the browser accepts (@fastify/static `preCompressed`,
 * plugins/web.ts) and spends no CPU per request. The 2.2 MB of scripts and styles a dealer's
 * browser loads on first visit come down to about a quarter.
 */

/** Files worth compressing: text, and at least this large (smaller ones fit in a packet anyway). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

export interface PrecompressFigures {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir` (index.html is
 * left alone: the server fills in the brand and sends it itself). A copy that would not be
 * smaller is not written.
 */
export function precompressDirectory(dir: string): PrecompressFigures {
  const figures: PrecompressFigures = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    figures.files += 1;
    figures.bytes += content.length;
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    figures.brotliBytes += Math.min(brotli.length, content.length);
    figures.gzipBytes += Math.min(gzip.length, content.length);
  }
  return figures;
}

/** The Vite plugin: precompresses the output folder after a production build. */
export function precompress(): Plugin {
  let outDir = 'dist';
  let log: (message: string) => void = () => {};
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle() {
      const f = precompressDirectory(outDir);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      log(`precompressed ${f.files} files: ${kb(f.bytes)} → brotli ${kb(f.brotliBytes)}, gzip ${kb(f.gzipBytes)}`);
    },
  };
}
