import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FileStorage } from './storage';

/**
 * The shop's own media that nothing uses any more. Staff upload a part's picture or video, or a
 * banner, before they save the form that references it (kind 'shop-media', no row of its own:
 * the reference is the address in the catalog's or the banners' rows), and a replaced picture
 * stays on disk. The job 'delete-unreferenced-media' of the uploads module deletes each file of
 * these folders that is older than the grace period (MEDIA_UNREFERENCED_GRACE_HOURS) and that no
 * row references by its address.
 */
export const UNREFERENCED_MEDIA_EVERY_MS = 24 * 60 * 60_000;

interface MediaFolder {
  /** The storage folder and the address its files are served under. */
  folder: string;
  url: string;
  /** The columns that hold a file's address ('/media/catalog/<name>'). */
  references: SQL[];
}

export const MEDIA_FOLDERS: readonly MediaFolder[] = [
  {
    folder: 'catalog',
    url: '/media/catalog/',
    references: [
      sql`select pic from products where pic like '/media/catalog/%'`,
      sql`select path from product_pictures where path like '/media/catalog/%'`,
      sql`select file_path from product_carousel_items where file_path like '/media/catalog/%'`,
      sql`select pic from videos where pic like '/media/catalog/%'`,
      sql`select video from videos where video like '/media/catalog/%'`,
    ],
  },
  {
    folder: 'content',
    url: '/media/content/',
    references: [sql`select picture from banners where picture like '/media/content/%'`],
  },
];

/** Deletes the media files past the grace period that no row references; answers their keys. */
export async function deleteUnreferencedMedia(
  db: Pick<Db, 'execute'>,
  storage: FileStorage,
  graceMs: number,
  folders: readonly MediaFolder[] = MEDIA_FOLDERS,
): Promise<string[]> {
  const deleted: string[] = [];
  const before = Date.now() - graceMs;
  for (const { folder, url, references } of folders) {
    const old = (await storage.list(folder)).filter((f) => f.writtenAt.getTime() < before);
    if (old.length === 0) continue;
    const addresses = old.map((f) => `${url}${f.key.slice(folder.length + 1)}`);
    const used = new Set(
      (
        await db.execute(sql`select distinct a from (${sql.join(references, sql` union all `)}) as r(a)
          where a = any(${sql.param(addresses)}::text[])`)
      ).rows.map((r) => String((r as { a: unknown }).a)),
    );
    for (let i = 0; i < old.length; i++) {
      if (used.has(addresses[i]!)) continue;
      await storage.remove(old[i]!.key);
      deleted.push(old[i]!.key);
    }
  }
  return deleted;
}
