import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
const fs = (globalThis as any).process.getBuiltinModule('node:fs');
export default mergeConfig(base, defineConfig({
  build: { outDir: '/tmp/webbench-an', emptyOutDir: true },
  plugins: [{
    name: 'an3',
    generateBundle(_, bundle) {
      const want = (process.env.AN_CHUNKS ?? '').split(',');
      const out: string[] = [];
      const short = (id: string) => id.replace(/^.*node_modules\//, '').replace(/^.*webbench\//, '');
      for (const [n, c] of Object.entries(bundle) as any) {
        if (c.type !== 'chunk' || !want.some((w) => n.includes(w))) continue;
        out.push(`== ${n}`);
        const mods = Object.entries(c.modules as Record<string, any>).sort((a, b) => b[1].renderedLength - a[1].renderedLength).slice(0, 6);
        for (const [id, m] of mods) {
          // who (app source) reaches it: walk importers up to src
          const seen = new Set<string>(); const q = [id]; const srcs = new Set<string>();
          while (q.length && srcs.size < 6) { const cur = q.shift()!; for (const imp of this.getModuleInfo(cur)?.importers ?? []) { if (seen.has(imp)) continue; seen.add(imp); if (!imp.includes('node_modules') && !imp.includes('antd/es/index')) srcs.add(short(imp)); else if (!imp.endsWith('antd/es/index.js')) q.push(imp); } }
          out.push(`  ${(m.renderedLength / 1024).toFixed(1)}K ${short(id)} <- ${[...srcs].join(', ')}`);
        }
      }
      fs.writeFileSync('/tmp/webbench-an3.txt', out.join('\n'));
    },
  }],
}));
