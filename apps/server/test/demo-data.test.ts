import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { getBrandVariant } from '@shop/core/brand-variants';
import { normalizePartNumber } from '@shop/core/part-number';
import type { AddressList } from '@shop/core/api/address';
import type { UserProfile } from '@shop/core/api/user';
import type { Db } from '../src/db/client';
import { accounts, companies } from '../src/db/schema/accounts';
import { staffMembers } from '../src/db/schema/staff';
import { generateDemoData } from '../src/demo/generate';
import { seedDemoDataIfEmpty } from '../src/demo/seed-if-empty';
import { verifyPassword } from '../src/modules/user/password';
import { body } from './helpers/api';
import { createTestDatabase } from './helpers/test-database';
import { checksumsOf, rows, useDemoDatabase } from './helpers/demo-database';
import { createTestApp, type TestApp } from './helpers/test-app';

const PARTS = 600;

/** One md5 per table over every generated column (timestamps of insertion left out). */
async function checksums(db: Db): Promise<Record<string, string>> {
  const queries = {
    products: sql`select md5(string_agg(concat_ws('|', id, frey_no, frey_no_norm, oe_number, oe_number_norm, l_name_zh,
      product_name, make_id, category_id, l_model_zh, engines, outbox_fcl_quantity, scm_classification, consumable_days,
      is_coming_soon, is_delisting, is_orderable, extract(epoch from new_arrival_at), hot_recommend_rank, pic), E'\n' order by id)) as sum
      from products`,
    numbers: sql`select md5(string_agg(concat_ws('|', product_id, kind, factory, number, number_norm), E'\n' order by id)) as sum from product_numbers`,
    fitments: sql`select md5(string_agg(concat_ws('|', product_id, model_id), E'\n' order by product_id, model_id)) as sum from product_fitments`,
    prices: sql`select md5(string_agg(concat_ws('|', product_id, price_key, amount), E'\n' order by product_id, price_key)) as sum from product_prices`,
    stocks: sql`select md5(string_agg(concat_ws('|', product_id, warehouse_id, available, in_transit), E'\n' order by product_id, warehouse_id)) as sum from product_stocks`,
    models: sql`select md5(string_agg(concat_ws('|', id, series_id, name_zh, engine_code, year_from, year_to), E'\n' order by id)) as sum from vehicle_models`,
    categories: sql`select md5(string_agg(concat_ws('|', id, parent_id, level, l_name_zh), E'\n' order by id)) as sum from categories`,
  };
  return checksumsOf(db, queries);
}

describe('demo data generator', () => {
  const demo = useDemoDatabase({ parts: PARTS, brand: 'frey', seed: 7, batchSize: PARTS });

  test('the same seed makes the same rows, whatever the batch size; another seed makes others', async () => {
    const expected = await checksums(demo.db);
    const second = await createTestDatabase();
    try {
      await generateDemoData(second.database.db, { parts: PARTS, brand: 'frey', seed: 7, batchSize: 97 });
      expect(await checksums(second.database.db)).toEqual(expected);
      await generateDemoData(second.database.db, { parts: PARTS, brand: 'frey', seed: 8, reset: true });
      const other = await checksums(second.database.db);
      expect(other.products).not.toBe(expected.products);
      expect(other.numbers).not.toBe(expected.numbers);
      expect(other.categories).toBe(expected.categories);
    } finally {
      await second.dispose();
    }
    // Seeds two more databases.
  }, 90_000);

  test('every part shows its prices and first replacement numbers (the copies on the part, made after the load)', async () => {
    const differing = await demo.db.execute(sql`
      select p.id from products p
      where p.row_prices <> coalesce((select jsonb_object_agg(pp.price_key, pp.amount::text) from product_prices pp
                                      where pp.product_id = p.id), '{}'::jsonb)
         or p.row_search_numbers <> coalesce((
              select jsonb_agg(jsonb_build_object('factory', n.factory, 'search_number', n.number) order by n.id)
              from (select n.id, n.factory, n.number from product_numbers n
                    where n.product_id = p.id and n.kind = 'replacement' order by n.id limit 10) n), '[]'::jsonb)`);
    expect(differing.rows).toEqual([]);
    const shown = await demo.db.execute(sql`select count(*)::int as n from products where row_prices <> '{}'::jsonb`);
    expect(Number((shown.rows[0] as { n: number }).n)).toBe(PARTS);
    // The copy triggers are on again after the load.
    const triggers = await demo.db.execute(sql`select tgname from pg_trigger
      where tgrelid in ('product_prices'::regclass, 'product_numbers'::regclass) and not tgisinternal and tgenabled = 'O'`);
    expect(triggers.rows).toHaveLength(6);
  });

  test('the part tables are vacuumed and analysed after the load (the embedded database has no autovacuum)', async () => {
    const tables = await rows<{ relname: string; relallvisible: number; reltuples: number }>(
      demo.db,
      sql`select relname, relallvisible, reltuples from pg_class
        where relname in ('products', 'product_numbers', 'product_prices', 'product_stocks') order by relname`,
    );
    expect(tables).toHaveLength(4);
    for (const t of tables) {
      expect(Number(t.relallvisible), t.relname).toBeGreaterThan(0);
      expect(Number(t.reltuples), t.relname).toBeGreaterThanOrEqual(PARTS);
    }
  });

  test('refuses a database that has data, unless asked to reset it', async () => {
    await expect(generateDemoData(demo.db, { parts: 10, brand: 'frey', seed: 7 })).rejects.toThrow(/--reset/);
  });

  test('creates one staff member per role, with the password demo1234', async () => {
    const staff = await demo.db.select().from(staffMembers).orderBy(staffMembers.id);
    expect(staff.map((m) => [m.login, m.name, m.phone, m.roles, m.enabled])).toEqual([
      ['admin', '系统管理员', '13900000001', ['administrator'], true],
      ['catalog', '商品运营', '13900000002', ['catalog'], true],
      ['service', '客服专员', '13900000003', ['customer_service'], true],
      ['finance', '财务专员', '13900000004', ['finance'], true],
    ]);
    expect(await verifyPassword(staff[0]!.passwordHash, 'demo1234')).toBe(true);
  });

  test('creates the demo companies and accounts with their flags, all with the password demo1234', async () => {
    const list = await demo.db
      .select({
        phone: accounts.phone,
        username: accounts.username,
        company: companies.name,
        groupings: companies.brandGroupings,
        isMain: accounts.isMain,
        isPurchase: accounts.isPurchase,
        isRegionalWarehouse: companies.isRegionalWarehouse,
        activityFlag: accounts.activityFlag,
        activityFlagImage: accounts.activityFlagImage,
        passwordHash: accounts.passwordHash,
      })
      .from(accounts)
      .innerJoin(companies, sql`${companies.id} = ${accounts.companyId}`)
      .orderBy(accounts.phone);
    const flags = list.map(({ passwordHash: _hash, groupings: _g, company: _c, ...rest }) => rest);
    expect(flags).toEqual([
      {
        phone: '13800000001',
        username: 'dealer_a',
        isMain: 1,
        isPurchase: 0,
        isRegionalWarehouse: 0,
        activityFlag: 0,
        activityFlagImage: '',
      },
      {
        phone: '13800000002',
        username: 'dealer_a_sub',
        isMain: 0,
        isPurchase: 0,
        isRegionalWarehouse: 0,
        activityFlag: 0,
        activityFlagImage: '',
      },
      {
        phone: '13800000003',
        username: 'buyer_b',
        isMain: 1,
        isPurchase: 1,
        isRegionalWarehouse: 0,
        activityFlag: 0,
        activityFlagImage: '',
      },
      {
        phone: '13800000004',
        username: 'regional_c',
        isMain: 1,
        isPurchase: 0,
        isRegionalWarehouse: 1,
        activityFlag: 0,
        activityFlagImage: '',
      },
      {
        phone: '13800000005',
        username: 'activity_a',
        isMain: 0,
        isPurchase: 0,
        isRegionalWarehouse: 0,
        activityFlag: 1,
        activityFlagImage: '/media/activity/1.svg',
      },
    ]);
    const byPhone = new Map(list.map((a) => [a.phone, a]));
    expect(byPhone.get('13800000001')!.company).toBe(byPhone.get('13800000002')!.company);
    expect(byPhone.get('13800000001')!.company).toBe(byPhone.get('13800000005')!.company);
    expect(byPhone.get('13800000003')!.company).not.toBe(byPhone.get('13800000001')!.company);
    expect(byPhone.get('13800000004')!.company).not.toBe(byPhone.get('13800000003')!.company);
    expect(byPhone.get('13800000001')!.groupings).toEqual(['奔驰', '宝马', '路虎']);
    expect(new Set(list.map((a) => a.passwordHash)).size).toBe(1);
    expect(await verifyPassword(list[0]!.passwordHash, 'demo1234')).toBe(true);
  });

  test('makes a catalog with five category groups, numbers, fitment, prices and every kind of stock', async () => {
    const groups = await rows<{ l_name_zh: string; children: number; leaves: number }>(
      demo.db,
      sql`select g.l_name_zh, count(distinct c.id)::int as children, count(l.id)::int as leaves
          from categories g join categories c on c.parent_id = g.id join categories l on l.parent_id = c.id
          where g.level = 1 group by g.id, g.l_name_zh, g.sort order by g.sort`,
    );
    expect(groups.map((g) => g.l_name_zh)).toEqual(['发动机系统', '底盘系统', '电气系统', '车身及附件', '保养件']);
    for (const g of groups) expect(g.leaves).toBeGreaterThanOrEqual(g.children);

    type Stats = Record<
      'parts' | 'numbers' | 'unfitted' | 'coming_soon' | 'delisting' | 'new_arrivals' | 'hot' | 'makes',
      number
    >;
    const [stats] = await rows<Stats>(
      demo.db,
      sql`select
        (select count(*)::int from products) as parts,
        (select count(*)::int from product_numbers) as numbers,
        (select count(*)::int from products p where not exists (select 1 from product_fitments f where f.product_id = p.id)) as unfitted,
        (select count(*)::int from products where is_coming_soon = 1) as coming_soon,
        (select count(*)::int from products where is_delisting = 1) as delisting,
        (select count(*)::int from products where new_arrival_at is not null) as new_arrivals,
        (select count(*)::int from products where hot_recommend_rank is not null) as hot,
        (select count(distinct make_id)::int from products) as makes`,
    );
    expect(stats!.parts).toBe(PARTS);
    expect(stats!.numbers / PARTS).toBeGreaterThan(4);
    expect(stats!.numbers / PARTS).toBeLessThan(6);
    expect(stats!.unfitted).toBe(0);
    expect(stats!.coming_soon).toBeGreaterThan(0);
    expect(stats!.delisting).toBeGreaterThan(0);
    expect(stats!.new_arrivals).toBeGreaterThan(0);
    expect(stats!.hot).toBe(20);
    expect(stats!.makes).toBe(10);

    for (const warehouse of [1, 2]) {
      const [stock] = await rows<Record<'zero' | 'tight' | 'large' | 'in_transit', number>>(
        demo.db,
        sql`select count(*) filter (where available = 0)::int as zero,
                   count(*) filter (where available between 1 and 9)::int as tight,
                   count(*) filter (where available > 100)::int as large,
                   count(*) filter (where in_transit > 0)::int as in_transit
            from product_stocks where warehouse_id = ${warehouse}`,
      );
      expect(stock!.zero).toBeGreaterThan(0);
      expect(stock!.tight).toBeGreaterThan(0);
      expect(stock!.large).toBeGreaterThan(0);
      expect(stock!.in_transit).toBeGreaterThan(0);
    }

    // Prices for exactly the variant's keys; the dealer price is the lowest.
    const keys = getBrandVariant('frey').priceLabels.map((l) => l.key);
    const priceKeys = await rows<{ price_key: string; n: number }>(
      demo.db,
      sql`select price_key, count(*)::int as n from product_prices group by price_key order by price_key`,
    );
    expect(priceKeys).toEqual([...keys].sort().map((price_key) => ({ price_key, n: PARTS })));
    const [cheaper] = await rows<{ n: number }>(
      demo.db,
      sql`select count(*)::int as n from product_prices d join product_prices o on o.product_id = d.product_id
          and o.price_key <> 'dealer_price' where d.price_key = 'dealer_price' and o.amount <= d.amount`,
    );
    expect(cheaper!.n).toBe(0);
  });

  test('numbers look like each maker’s and are stored normalised', async () => {
    const oe = await rows<{ make: string; number: string; number_norm: string }>(
      demo.db,
      sql`select m.name_zh as make, n.number, n.number_norm from product_numbers n
          join products p on p.id = n.product_id join makes m on m.id = p.make_id
          where n.kind = 'oe' order by n.id`,
    );
    const formats: Record<string, RegExp> = {
      奔驰: /^A \d{3} \d{3} \d{2} \d{2}$/,
      宝马: /^\d{2} \d{2} \d \d{3} \d{3}$/,
      大众: /^[0-9A-Z]{3} \d{3} \d{3}( [A-Z]{1,2})?$/,
      奥迪: /^[0-9A-Z]{3} \d{3} \d{3}( [A-Z]{1,2})?$/,
      丰田: /^\d{5}-[0-9A-Z]{5}$/,
      本田: /^[0-9A-Z]{5}-[0-9A-Z]{3}-[0-9A-Z]{3}$/,
      路虎: /^LR\d{6}$/,
      沃尔沃: /^3\d{7}$/,
    };
    for (const row of oe) {
      const format = formats[row.make];
      if (format) expect(row.number, row.make).toMatch(format);
    }
    const all = await rows<{ number: string; number_norm: string }>(
      demo.db,
      sql`select number, number_norm from product_numbers`,
    );
    for (const row of all) expect(row.number_norm).toBe(normalizePartNumber(row.number));
    const own = await rows<{ frey_no: string; frey_no_norm: string }>(
      demo.db,
      sql`select frey_no, frey_no_norm from products`,
    );
    for (const row of own) expect(row.frey_no_norm).toBe(normalizePartNumber(row.frey_no));
  });
});

describe('seeding on start', () => {
  let t: TestApp;
  const logged: string[] = [];
  const log = { info: (...args: unknown[]) => logged.push(String(args.at(-1))) } as unknown as FastifyBaseLogger;
  beforeAll(async () => {
    t = await createTestApp({ fixtures: false });
  });
  afterAll(() => t.close());

  test('seeds an empty database once, and the demo accounts can log in', async () => {
    await seedDemoDataIfEmpty(t.db, { brand: 'frey', parts: 120, log });
    await seedDemoDataIfEmpty(t.db, { brand: 'frey', parts: 120, log });
    const [count] = await rows<{ parts: number; accounts: number }>(
      t.db,
      sql`select (select count(*)::int from products) as parts, (select count(*)::int from accounts) as accounts`,
    );
    expect(count).toEqual({ parts: 120, accounts: 5 });
    expect(logged.some((line) => line.includes('not empty'))).toBe(true);

    const token = await t.login('dealer_a', 'demo1234');
    const info = body<UserProfile | { user: UserProfile }>(
      await t.app.inject({ url: '/api/Shop.User/info', headers: t.auth(token) }),
    );
    expect(info.status).toBe(200);
    const activity = await t.login('13800000005', 'demo1234');
    const profile = body<UserProfile | { user: UserProfile }>(
      await t.app.inject({ url: '/api/Shop.User/info', headers: t.auth(activity) }),
    ).data;
    const user = 'user' in profile ? profile.user : profile;
    expect(user).toMatchObject({
      phone: '13800000005',
      activity_flag: 1,
      activity_flag_image: '/media/activity/1.svg',
    });
  });

  test('every demo company has a Guangzhou default address; the regional company also a Beijing default', async () => {
    const defaults = async (login: string) => {
      const token = await t.login(login, 'demo1234');
      const { status, data } = body<AddressList>(
        await t.app.inject({ url: '/api/Shop.Address/getAddress', headers: t.auth(token) }),
      );
      expect(status).toBe(200);
      return {
        count: data.list.length,
        gz: data.list.filter((a) => a.is_main === 1).map((a) => a.city),
        bj: data.list.filter((a) => a.other_is_main === 1).map((a) => a.city),
        pickable: data.list.every((a) => /^\d{6}$/.test(a.area_code) && /^1[3-9]\d{9}$/.test(a.mobile)),
      };
    };
    expect(await defaults('13800000001')).toEqual({ count: 2, gz: ['广州市'], bj: [], pickable: true });
    // A sub-account sees its company's addresses.
    expect(await defaults('13800000002')).toEqual({ count: 2, gz: ['广州市'], bj: [], pickable: true });
    expect(await defaults('13800000003')).toEqual({ count: 1, gz: ['上海市'], bj: [], pickable: true });
    expect(await defaults('13800000004')).toEqual({ count: 2, gz: ['北京市'], bj: ['北京市'], pickable: true });
  });
});
