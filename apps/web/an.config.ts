import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';
const fs = (globalThis as any).process.getBuiltinModule('node:fs');
export default mergeConfig(base, defineConfig({
  build: { outDir: '/tmp/webbench-an', emptyOutDir: true },
  plugins: [{
    name: 'an',
    generateBundle(_, bundle) {
      const rendered = new Map<string, number>();
      for (const c of Object.values(bundle)) if (c.type === 'chunk') for (const [id, m] of Object.entries(c.modules)) rendered.set(id, m.renderedLength);
      const start = [...this.getModuleIds()].find((id) => id.endsWith('src/main.tsx'))!;
      const targets = (process.env.AN_TARGETS ?? '').split(',');
      const seen = new Map<string, string | null>([[start, null]]);
      const queue = [start];
      while (queue.length) {
        const id = queue.shift()!;
        const info = this.getModuleInfo(id);
        for (const dep of info?.importedIds ?? []) if (!seen.has(dep)) { seen.set(dep, id); queue.push(dep); }
      }
      const per = new Map<string, number>();
      for (const id of seen.keys()) {
        const key = id.includes('node_modules/') ? id.replace(/^.*node_modules\//, '').replace(/^((@[^/]+\/)?[^/]+)\/.*$/, '$1') : 'src:' + id.replace(/^.*webbench\//, '');
        per.set(key, (per.get(key) ?? 0) + (rendered.get(id) ?? 0));
      }
      const lines = [...per].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}K`);
      for (const t of targets.filter(Boolean)) {
        const hit = [...seen.keys()].find((id) => id.includes(t));
        const chain: string[] = [];
        for (let cur: string | null | undefined = hit; cur; cur = seen.get(cur)) chain.push(cur.replace(/^.*node_modules\//, '').replace(/^.*webbench\//, ''));
        lines.push(`PATH ${t}: ${chain.join(' <- ')}`);
      }
      fs.writeFileSync('/tmp/webbench-an.txt', lines.join('\n'));
    },
  }],
}));
