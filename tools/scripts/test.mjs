#!/usr/bin/env node
// `npm test`: everything, on a fresh machine. Installs Chromium and a Chinese font with apt when
// they are missing and we are root (otherwise says what to install), checks types and lint and
// builds the app (these four side by side: none needs another), runs every vitest project (core,
// server, web, admin; then e2e) and prints one closing line 'N passed, N failed, N skipped'.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FONT = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const RESULTS = 'test-results/vitest.json';
const RESULTS_E2E = 'test-results/vitest-e2e.json';

/**
 * Runs a command. `quiet`: its output is kept and printed in one block when it ends, so that
 * steps running side by side do not interleave their lines.
 */
function run(title, cmd, args, { env = {}, quiet = false } = {}) {
  console.log(`\n▶ ${title}${quiet ? ' (started)' : ''}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) {
        console.log(`\n▶ ${title}: output`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`  ${title}: ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${seconds} s`);
      resolve(status === 0);
    });
  });
}

async function ensureBrowser() {
  if (existsSync(CHROMIUM) && existsSync(FONT)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `\nThe browser tests need Chromium (${CHROMIUM}) and a Chinese font. Install them, then run npm test again:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-zenhei\n',
    );
    return false;
  }
  const options = { env: { DEBIAN_FRONTEND: 'noninteractive' }, quiet: true };
  return (
    (await run('apt-get update', 'apt-get', ['update', '-qq'], options)) &&
    run(
      'install chromium and fonts-wqy-zenhei',
      'apt-get',
      ['install', '-y', '-qq', 'chromium', 'fonts-wqy-zenhei'],
      options,
    )
  );
}

const started = Date.now();
mkdirSync('test-results', { recursive: true });
const quiet = { quiet: true };
const checks = await Promise.all([
  ensureBrowser(),
  run('type check', 'npm', ['run', '--silent', 'typecheck'], quiet),
  run('lint', 'npm', ['run', '--silent', 'lint'], quiet),
  run('build', 'npm', ['run', '--silent', 'build'], quiet),
]);
let ok = checks.every(Boolean);

let passed = 0;
let failed = 0;
let skipped = 0;

/**
 * One vitest run of some projects, its counts added to the totals. The browser tests run on their
 * own after the rest: beside a test worker, the shop and Chromium would share two cores three ways.
 */
async function vitest(title, projects, results) {
  const ran = await run(`tests (vitest: ${title})`, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}`,
  ]);
  let failedHere = 0;
  if (existsSync(results)) {
    const report = JSON.parse(readFileSync(results, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failedHere = report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // Files that failed to load count as failures too.
    if (!ran && failedHere === 0) failedHere = Math.max(1, report.numFailedTestSuites ?? 1);
  } else if (!ran) failedHere = 1;
  failed += failedHere;
  return ran && failedHere === 0;
}

if (ok) {
  const unit = await vitest('core, server, web, admin', ['core', 'server', 'web', 'admin'], RESULTS);
  const browser = await vitest('e2e', ['e2e'], RESULTS_E2E);
  ok = unit && browser;
} else {
  failed = 1;
}
console.log(`\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
