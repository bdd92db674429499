// Bundles the server into dist/server.js (packages/core included; npm dependencies stay external).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // @shop/core is a workspace of TypeScript sources: bundle it instead of importing it at run time.
  plugins: [
    {
      name: 'bundle-workspace-core',
      setup(b) {
        b.onResolve({ filter: /^@shop\/core\// }, async (args) => {
          const sub = args.path.slice('@shop/core/'.length);
          return { path: new URL(`../../packages/core/src/${sub}.ts`, import.meta.url).pathname };
        });
      },
    },
  ],
  logLevel: 'warning',
});

// The spreadsheet import's worker thread (plain JavaScript), beside server.js where it is looked for.
await build({
  entryPoints: ['src/modules/bulk-search/spreadsheet-worker.mjs'],
  outfile: 'dist/spreadsheet-worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
