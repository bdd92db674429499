import type { Db } from '../../db/client';
import { searchLogs } from '../../db/schema/customer-activity';

/**
 * The search log ('hot search') is statistics: entries are collected in memory and written in
 * one multi-row insert every FLUSH_MS (or at FLUSH_SIZE entries, and when the app closes), so a
 * search costs no write of its own. A crash may lose the last fraction of a second of entries.
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

/** Writes the collected entries now (and waits for writes under way). */
export async function flushSearchLogs(db: Db): Promise<void> {
  const buffer = bufferOf(db);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = undefined;
  const entries = buffer.entries.splice(0);
  const previous = buffer.writing;
  const write = previous.then(async () => {
    if (entries.length > 0) await db.insert(searchLogs).values(entries);
  });
  buffer.writing = write.catch(() => {});
  await write;
}
