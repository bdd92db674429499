#!/usr/bin/env node
// `npm run dev`: the server (tsx watch, port 8080), the shop's Vite dev server (port 5173) and the
// back office's (port 5174, http://localhost:5174/admin/), both proxying /api and /media to the server. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@shop/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@shop/admin'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
