import { sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The back office's bundle holds its own code, packages/core, packages/ui (shared with the dealer app, but no part of it) and libraries, never the dealer
 * app's (issue 26): a module from apps/web/ in any chunk fails the build, naming the module and
 * the chunk. (The lint rule in eslint.config.js stops the import; this proves the built output.)
 */
const DEALER_APP = /[\\/]apps[\\/]web[\\/]/;

export function dealerModulesIn(chunks: { fileName: string; moduleIds: readonly string[] }[]): string[] {
  return chunks.flatMap((chunk) =>
    chunk.moduleIds.filter((id) => DEALER_APP.test(id)).map((id) => `${id.split(sep).join('/')} in ${chunk.fileName}`),
  );
}

export function dealerFree(): Plugin {
  return {
    name: 'admin-dealer-free',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [{ fileName: item.fileName, moduleIds: item.moduleIds }] : [],
      );
      const found = dealerModulesIn(chunks);
      if (found.length > 0) this.error(`the back office bundles the dealer app's code:\n${found.join('\n')}`);
    },
  };
}
