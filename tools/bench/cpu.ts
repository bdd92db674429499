/**
 * CPU time (user + system) from /proc, to say where a benchmark's time went: the server's
 * process with its children (node:cluster workers), and PostgreSQL's processes. Linux only; on
 * other systems the figures are absent. Latencies on a 2-core machine move by a few milliseconds
 * from run to run; CPU per request moves much less, so a change is judged by both.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICK_MS = 10;

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  cpuMs: number;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields follow the last ')'.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid: Number(pid),
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

export interface CpuSnapshot {
  server: number;
  postgres: number;
}

/** CPU milliseconds used so far by the server (pid and its children) and by PostgreSQL. */
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return undefined;
  }
  let server = 0;
  let postgres = 0;
  for (const entry of entries) {
    const stat = readStat(entry);
    if (!stat) continue;
    if (stat.pid === serverPid || stat.ppid === serverPid) server += stat.cpuMs;
    else if (stat.comm === 'postgres') postgres += stat.cpuMs;
  }
  return { server, postgres };
}

/** CPU milliseconds per request of the server and of PostgreSQL. */
export interface CpuPerRequest {
  server: number;
  postgres: number;
}

/** CPU milliseconds per request between two snapshots. */
export function cpuPerRequest(
  before: CpuSnapshot | undefined,
  after: CpuSnapshot | undefined,
  requests: number,
): CpuPerRequest | undefined {
  if (!before || !after || requests === 0) return undefined;
  return {
    server: (after.server - before.server) / requests,
    postgres: (after.postgres - before.postgres) / requests,
  };
}

/** 'server + PostgreSQL ms', or '-' where /proc could not be read. */
export function formatCpu(cpu: CpuPerRequest | undefined, digits: number): string {
  return cpu ? `${cpu.server.toFixed(digits)} + ${cpu.postgres.toFixed(digits)} ms` : '-';
}
