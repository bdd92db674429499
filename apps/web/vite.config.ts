import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { codeSplitting } from './build/chunks.ts';
import { precompress } from './build/precompress.ts';
import { treeshake } from './build/tree-shake.ts';

/** A file of this app by its absolute path (Vite's inputs do not follow its root). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

// `npm run dev` runs the server on 8080; API_TARGET points the dev server at another one.
const api = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/media': api,
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // The logged-in frame is an entry of its own (loaded by the router, never by the page): its
      // libraries are then `$initial`, and the entry-libraries group keeps them in one file that
      // /login, which renders without antd, does not load (decision 0059).
      input: { index: here('index.html'), frame: here('src/app/shop-layout.tsx') },
      treeshake,
      output: { codeSplitting },
    },
    chunkSizeWarningLimit: 1200,
  },
});
