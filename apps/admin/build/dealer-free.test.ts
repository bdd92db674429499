// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { build } from 'vite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dealerFree, dealerModulesIn } from './dealer-free';

const webSource = fileURLToPath(new URL('../../web/src/lib/return-path.ts', import.meta.url));
const coreSource = fileURLToPath(new URL('../../../packages/core/src/order-status.ts', import.meta.url));

describe('the back office bundle holds no dealer code', () => {
  it('names a dealer module found in a chunk, and passes core and own modules', () => {
    expect(
      dealerModulesIn([
        {
          fileName: 'assets/index.js',
          moduleIds: ['/repo/apps/admin/src/main.tsx', '/repo/packages/core/src/money.ts'],
        },
        { fileName: 'assets/x.js', moduleIds: ['/repo/apps/web/src/lib/api-client.ts'] },
      ]),
    ).toEqual(['/repo/apps/web/src/lib/api-client.ts in assets/x.js']);
  });

  it('fails a build that imports the dealer app, and lets one on core through', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'admin-dealer-free-'));
    const run = (source: string) => {
      const entry = join(dir, 'entry.ts');
      writeFileSync(entry, `export * from ${JSON.stringify(source)};\n`);
      return build({
        configFile: false,
        logLevel: 'silent',
        plugins: [dealerFree()],
        build: { write: false, lib: { entry, formats: ['es'], fileName: 'out' } },
      });
    };
    try {
      await expect(run(webSource)).rejects.toThrow(/dealer app's code[\s\S]*apps\/web\/src\/lib\/return-path\.ts/);
      await expect(run(coreSource)).resolves.toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
