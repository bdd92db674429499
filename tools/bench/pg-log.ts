/**
 * Where PostgreSQL's time per request goes, without pg_stat_statements (it needs
 * shared_preload_libraries, so a restart of a PostgreSQL other work shares): the bench database is
 * set to log every statement with its duration (log_min_duration_statement = 0, for connections
 * opened after), and the lines of that database in PostgreSQL's log file are read back and summed
 * per statement text. With the extended protocol each statement logs its parse (once per
 * connection for a named statement), bind and execute; node-postgres sends the three in one write,
 * so one execute (or one simple 'statement:') is one round trip.
 *
 * The durations are wall time inside the backend (a commit's WAL flush included, lock waits too):
 * read them from requests sent one at a time, where they are close to the backend's CPU.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { withPgClient } from '@shop/server/db/scratch-database';

/** Debian's log file of the local cluster (pg_ctlcluster sends stderr there). */
export const DEFAULT_PG_LOG = '/var/log/postgresql/postgresql-15-main.log';

export interface StatementFigure {
  text: string;
  /** Executions (round trips). */
  calls: number;
  /** Milliseconds of parse + bind + execute. */
  ms: number;
}

export class StatementLog {
  private offset = 0;

  private constructor(
    private readonly path: string,
    private readonly dbName: string,
  ) {}

  /**
   * Turns statement logging on for the database's new connections; with `explain`, auto_explain
   * too (loaded per connection: session_preload_libraries needs no restart) with the plans'
   * timings, nested statements and triggers, for reading the log by hand.
   */
  static async enable(adminUrl: string, dbName: string, path = DEFAULT_PG_LOG, explain = false): Promise<StatementLog> {
    statSync(path); // readable, else fail before the run
    const settings = [
      'log_min_duration_statement = 0',
      ...(explain
        ? [
            `session_preload_libraries = 'auto_explain'`,
            'auto_explain.log_min_duration = 0',
            'auto_explain.log_analyze = on',
            'auto_explain.log_nested_statements = on',
            'auto_explain.log_triggers = on',
          ]
        : []),
    ];
    await withPgClient(adminUrl, async (c) => {
      for (const setting of settings) await c.query(`alter database "${dbName}" set ${setting}`);
    });
    return new StatementLog(path, dbName);
  }

  /** From here on the log counts. */
  mark(): void {
    this.offset = statSync(this.path).size;
  }

  /** Statements of the database logged since mark(), by text, most time first. */
  read(): StatementFigure[] {
    const size = statSync(this.path).size;
    const buffer = Buffer.alloc(size - this.offset);
    const fd = openSync(this.path, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, this.offset);
    } finally {
      closeSync(fd);
    }
    // One entry per line that starts with a timestamp; continuation lines (a statement's further lines) follow it.
    const entries: string[] = [];
    for (const line of buffer.toString('utf8').split('\n')) {
      if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
      else if (entries.length > 0) entries[entries.length - 1] += ` ${line.trim()}`;
    }
    const marker = `@${this.dbName} LOG:  duration: `;
    const byText = new Map<string, StatementFigure>();
    for (const entry of entries) {
      const at = entry.indexOf(marker);
      if (at < 0) continue;
      const m = /^([\d.]+) ms {2}(parse|bind|execute|statement)[^:]*: (.*)$/.exec(entry.slice(at + marker.length));
      if (!m) continue;
      const text = m[3]!.replace(/\s+/g, ' ').trim().slice(0, 110);
      const figure = byText.get(text) ?? { text, calls: 0, ms: 0 };
      figure.ms += Number(m[1]);
      if (m[2] === 'execute' || m[2] === 'statement') figure.calls++;
      byText.set(text, figure);
    }
    return [...byText.values()].sort((a, b) => b.ms - a.ms);
  }
}

/** The statements per request: calls and milliseconds per request, each statement and in all. */
export function printStatements(figures: StatementFigure[], requests: number, what: string): void {
  const calls = figures.reduce((s, f) => s + f.calls, 0);
  const ms = figures.reduce((s, f) => s + f.ms, 0);
  console.log(
    `PostgreSQL per ${what} (${requests} sent one at a time, statement log): ${(calls / requests).toFixed(2)} statements ` +
      `(round trips), ${(ms / requests).toFixed(3)} ms inside the backend`,
  );
  console.log(`  ${'calls/req'.padStart(9)} ${'ms/req'.padStart(8)}  statement`);
  for (const f of figures) {
    console.log(
      `  ${(f.calls / requests).toFixed(2).padStart(9)} ${(f.ms / requests).toFixed(3).padStart(8)}  ${f.text}`,
    );
  }
}
