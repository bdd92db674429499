import { sql } from 'drizzle-orm';
import type { Video } from '@shop/core/api/parts';
import type { Db } from '../../db/client';

/** '%' and '_' typed by the user match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Videos whose name, or whose part's name, contains the given product name (all words);
 * the newest first. An empty name lists the newest videos.
 */
export async function searchVideos(db: Db, productName: string, limit: number): Promise<Video[]> {
  const words = productName
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5);
  const conditions = words.map(
    (w) => sql`(v.video_name ilike ${likePattern(w)} or coalesce(p.product_name, '') ilike ${likePattern(w)})`,
  );
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute<{ pic: string; video: string; video_name: string; print_car: string }>(sql`
    select v.pic, v.video, v.video_name, v.print_car
    from videos v left join products p on p.id = v.product_id
    ${where}
    order by v.created_at desc, v.id desc
    limit ${limit}`);
  return result.rows.map((r) => ({ pic: r.pic, video: r.video, video_name: r.video_name, print_car: r.print_car }));
}
