/**
 * Loaded into the shop's server process by `npm run bench -- realtime` (node --import): on
 * SIGUSR2 it collects the garbage (the process runs with --expose-gc) and writes the process's
 * memory, its open TCP sockets and the CPU time it has used to $BENCH_PROBE_DIR/<pid>.json. Nothing of it is in the shop.
 */
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  // CPU time used so far, before and after the collection below (the collection is the probe's, not the shop's).
  const cpu = cpuMs();
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  const tcpSockets = process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
  writeFileSync(
    `${process.env.BENCH_PROBE_DIR}/${process.pid}.json`,
    JSON.stringify({
      rss: m.rss,
      heapUsed: m.heapUsed,
      external: m.external,
      tcpSockets,
      cpu,
      cpuAfterGc: cpuMs(),
      at: Date.now(),
    }),
  );
});

function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
