import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../web/build/precompress.ts';
import { treeshake } from '../web/build/tree-shake.ts';
import { dealerFree } from './build/dealer-free.ts';

// The back office, served by the shop's server under /admin/ (plugins/admin-web.ts). `npm run dev`
// runs the server on 8080; API_TARGET points this dev server (port 5174) at another one.
const api = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/admin/',
  plugins: [react(), dealerFree(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': api, '/media': api },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      treeshake,
    },
    chunkSizeWarningLimit: 1500,
  },
});
