import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      treeshake: {
        // @rc-component/form declares no "sideEffects"; antd's Modal (inside antd App) imports one
        // context from it, which otherwise drags the whole form library into the entry chunk.
        moduleSideEffects: (id: string) =>
          /node_modules\/@rc-component\/(form|async-validator)\//.test(id) ? false : undefined,
      },
    },
    chunkSizeWarningLimit: 1200,
  },
});
