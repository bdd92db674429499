import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { codeSplitting } from './build/chunks.ts';
import { precompress } from './build/precompress.ts';
import { treeshake } from './build/tree-shake.ts';

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
      treeshake,
      output: { codeSplitting },
    },
    chunkSizeWarningLimit: 1200,
  },
});
