import { describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { generateDemoData } from '../src/demo/generate';
import { DETAIL_PARTS } from '../src/demo/part-extras';
import { createTestDatabase } from './helpers/test-database';
import { checksumsOf, rows, useDemoDatabase } from './helpers/demo-database';

const PARTS = 400;

/** One md5 per table of the detail and activity data (insertion times of ids left out). */
async function checksums(db: Db): Promise<Record<string, string>> {
  const queries = {
    pictures: sql`select md5(string_agg(concat_ws('|', product_id, sort, path), E'\n' order by product_id, sort)) as sum from product_pictures`,
    kits: sql`select md5(string_agg(concat_ws('|', product_id, oe, product_name, quantity, sort), E'\n' order by id)) as sum from product_kit_items`,
    attributes: sql`select md5(string_agg(concat_ws('|', product_id, box, type_name, oe_amount, shelf_name, color, description), E'\n' order by product_id)) as sum from product_attributes`,
    carousels: sql`select md5(string_agg(concat_ws('|', c.product_id, c.description, i.sort, i.file_path), E'\n' order by c.product_id, i.sort)) as sum
      from product_carousels c join product_carousel_items i on i.carousel_id = c.id`,
    videos: sql`select md5(string_agg(concat_ws('|', product_id, video_name, pic, video, print_car, extract(epoch from created_at)), E'\n' order by id)) as sum from videos`,
    orders: sql`select md5(string_agg(concat_ws('|', o.orders_no, o.status, o.total_amount, extract(epoch from o.created_at), i.product_id, i.quantity, i.price), E'\n' order by o.orders_no, i.id)) as sum
      from orders o join order_items i on i.order_id = o.id`,
    questions: sql`select md5(string_agg(concat_ws('|', product_id, company_id, ask_questions, reply_content, read_at is null), E'\n' order by id)) as sum from product_questions`,
    searches: sql`select md5(string_agg(concat_ws('|', company_id, keyword, product_id, result_count), E'\n' order by id)) as sum from search_logs`,
  };
  return checksumsOf(db, queries);
}

describe('demo details and activity', () => {
  const demo = useDemoDatabase({ parts: PARTS, brand: 'frey', seed: 9 });

  test('the same seed makes the same rows, whatever the batch size', async () => {
    const expected = await checksums(demo.db);
    for (const sum of Object.values(expected)) expect(sum).toMatch(/^[0-9a-f]{32}$/);
    const second = await createTestDatabase();
    try {
      await generateDemoData(second.database.db, { parts: PARTS, brand: 'frey', seed: 9, batchSize: 77 });
      expect(await checksums(second.database.db)).toEqual(expected);
    } finally {
      await second.dispose();
    }
  });

  test('every part (up to DETAIL_PARTS) has 2–6 gallery pictures and attributes; some kits, carousels, videos', async () => {
    expect(DETAIL_PARTS).toBeGreaterThanOrEqual(PARTS);
    const [counts] = await rows<{ min: number; max: number; parts: number; attrs: number }>(
      demo.db,
      sql`select min(n)::int as min, max(n)::int as max, count(*)::int as parts,
        (select count(*)::int from product_attributes) as attrs
        from (select count(*) as n from product_pictures group by product_id) x`,
    );
    expect(counts).toEqual({ min: 2, max: 6, parts: PARTS, attrs: PARTS });
    const paths = await rows<{ path: string }>(demo.db, sql`select distinct path from product_pictures`);
    for (const p of paths) expect(p.path).toMatch(/^\/media\/parts\/[a-z-]+-[1-6]\.svg$/);

    const [other] = await rows<{ kits: number; carousels: number; videos: number }>(
      demo.db,
      sql`select (select count(distinct product_id)::int from product_kit_items) as kits,
        (select count(*)::int from product_carousels) as carousels, (select count(*)::int from videos) as videos`,
    );
    expect(other!.kits).toBeGreaterThan(0);
    expect(other!.carousels).toBeGreaterThan(10);
    expect(other!.videos).toBeGreaterThan(3);
    const [video] = await rows<{ video: string }>(demo.db, sql`select video from videos limit 1`);
    expect(video!.video).toBe('/media/video/banner-promo.mp4');
  });

  test('the demo companies have orders with realistic statuses, questions and searches', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      demo.db,
      sql`select status, count(*)::int as n from orders group by status order by status`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['cancelled', 'completed', 'pending_shipment', 'shipped']);
    const [mismatch] = await rows<{ n: number }>(
      demo.db,
      sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id where i.company_id <> o.company_id`,
    );
    expect(mismatch!.n).toBe(0);
    const perCompany = await rows<{ company_id: number; n: number }>(
      demo.db,
      sql`select company_id, count(*)::int as n from orders group by company_id`,
    );
    expect(perCompany).toHaveLength(3);

    const [q] = await rows<{ open: number; unread: number; read: number }>(
      demo.db,
      sql`select count(*) filter (where reply_content is null)::int as open,
        count(*) filter (where reply_content is not null and read_at is null)::int as unread,
        count(*) filter (where read_at is not null)::int as read from product_questions`,
    );
    expect(q!.open).toBeGreaterThan(0);
    expect(q!.unread).toBeGreaterThan(0);
    expect(q!.read).toBeGreaterThan(0);
    const [s] = await rows<{ n: number }>(demo.db, sql`select count(*)::int as n from search_logs`);
    expect(s!.n).toBeGreaterThan(100);
  });

  test('without the demo accounts no activity is made', async () => {
    const other = await createTestDatabase();
    try {
      await generateDemoData(other.database.db, { parts: 20, brand: 'frey', seed: 9, withAccounts: false });
      const [n] = await rows<{ orders: number; pictures: number }>(
        other.database.db,
        sql`select (select count(*)::int from orders) as orders, (select count(*)::int from product_pictures) as pictures`,
      );
      expect(n).toEqual({ orders: 0, pictures: expect.any(Number) });
      expect(n!.pictures).toBeGreaterThan(0);
    } finally {
      await other.dispose();
    }
  });
});
