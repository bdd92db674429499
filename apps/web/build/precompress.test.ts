// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, existsSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of the text assets that decompress to the original', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = 'export const 配件 = "刹车片";\n'.repeat(400);
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'assets', 'app.css'), '.row{color:red}\n'.repeat(200));
    const figures = precompressDirectory(dir);

    expect(figures.files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'assets', 'app.css.br'))).toBe(true);
    expect(figures.brotliBytes).toBeLessThan(figures.bytes / 4);
  });

  it('leaves index.html, pictures, small files and incompressible data alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>'.repeat(200));
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    writeFileSync(join(dir, 'tiny.js'), 'export {};');
    // Random bytes do not shrink: no copy is written.
    writeFileSync(join(dir, 'noise.json'), randomBytes(4096));
    precompressDirectory(dir);

    for (const name of ['index.html', 'logo.png', 'tiny.js', 'noise.json']) {
      expect(existsSync(join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
