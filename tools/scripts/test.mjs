#!/usr/bin/env node
// `npm test`: everything, on a fresh machine. Installs Chromium and a Chinese font with apt when
// they are missing and we are root (otherwise says what to install), checks types and lint,
// builds the app, runs every vitest project (core, server, web, admin, e2e) and prints one closing line
// 'N passed, N failed, N skipped'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FONT = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const RESULTS = 'test-results/vitest.json';

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${title}: ${r.status === 0 ? 'ok' : `failed (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
}

function ensureBrowser() {
  if (existsSync(CHROMIUM) && existsSync(FONT)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `\nThe browser tests need Chromium (${CHROMIUM}) and a Chinese font. Install them, then run npm test again:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-zenhei\n',
    );
    return false;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return (
    run('apt-get update', 'apt-get', ['update', '-qq'], env) &&
    run(
      'install chromium and fonts-wqy-zenhei',
      'apt-get',
      ['install', '-y', '-qq', 'chromium', 'fonts-wqy-zenhei'],
      env,
    )
  );
}

const started = Date.now();
mkdirSync('test-results', { recursive: true });
const steps = [
  () => ensureBrowser(),
  () => run('type check', 'npm', ['run', '--silent', 'typecheck']),
  () => run('lint', 'npm', ['run', '--silent', 'lint']),
  () => run('build', 'npm', ['run', '--silent', 'build']),
];
let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (ok) {
  const vitestOk = run('tests (vitest: core, server, web, admin, e2e)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${RESULTS}`,
  ]);
  if (existsSync(RESULTS)) {
    const report = JSON.parse(readFileSync(RESULTS, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // Files that failed to load count as failures too.
    if (!vitestOk && failed === 0) failed = Math.max(1, report.numFailedTestSuites ?? 1);
  } else if (!vitestOk) failed = 1;
  ok = vitestOk;
} else {
  failed = 1;
}
console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
