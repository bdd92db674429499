import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { searchLogs } from '../../db/schema/customer-activity';
import { executeNamed } from '../../db/named-query';

/**
 * The search log ('hot search') is statistics: entries are collected in memory and written in
 * one insert every FLUSH_MS (or at FLUSH_SIZE entries, and when the app closes), so a search
 * costs no write of its own. A crash may lose the last fraction of a second of entries. The
 * insert takes one array per column: one short statement whatever the number of entries (a
 * multi-row insert built by the query builder cost ~14 ms of the event loop per 500 entries).
 */
const FLUSH_MS = 200;
const FLUSH_SIZE = 500;

type Entry = typeof searchLogs.$inferInsert;

interface Buffer {
  entries: Entry[];
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void>;
}

const buffers = new WeakMap<Db, Buffer>();

function bufferOf(db: Db): Buffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = { entries: [], timer: undefined, writing: Promise.resolve() };
    buffers.set(db, buffer);
  }
  return buffer;
}

export function logSearch(db: Db, entry: Entry, onError: (err: unknown) => void): void {
  const buffer = bufferOf(db);
  buffer.entries.push(entry);
  if (buffer.entries.length >= FLUSH_SIZE) {
    void flushSearchLogs(db).catch(onError);
  } else if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flushSearchLogs(db).catch(onError), FLUSH_MS);
    buffer.timer.unref();
  }
}

function insertEntries(db: Db, entries: Entry[]) {
  const column = <T>(pick: (e: Entry) => T) => sql.param(entries.map(pick));
  return executeNamed(
    db,
    'search_logs_insert',
    sql`insert into search_logs (company_id, account_id, keyword, product_id, result_count)
      select * from unnest(${column((e) => e.companyId)}::int[], ${column((e) => e.accountId)}::int[],
        ${column((e) => e.keyword)}::text[], ${column((e) => e.productId ?? null)}::int[],
        ${column((e) => e.resultCount)}::int[])`,
  );
}

/** Writes the collected entries now (and waits for writes under way). */
export async function flushSearchLogs(db: Db): Promise<void> {
  const buffer = bufferOf(db);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = undefined;
  const entries = buffer.entries.splice(0);
  const previous = buffer.writing;
  const write = previous.then(async () => {
    if (entries.length > 0) await insertEntries(db, entries);
  });
  buffer.writing = write.catch(() => {});
  await write;
}
