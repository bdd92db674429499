import { sql } from 'drizzle-orm';
import { addDays, chinaDay } from '../lib/china-time';
import type { Executor } from './bulk-insert';
import { DEMO_COMPANIES } from './definitions/accounts';

/**
 * The demo's vouchers and activity (module coupon, docs/coupons.md): an activity running from a
 * week before the reference day to two months after it, featuring the first twelve parts, with a
 * campaign voucher to claim; and a voucher issued to the demo main company (company A), so a new
 * user sees the activity zone, a voucher to claim and one to use at once.
 */
export const DEMO_ACTIVITY_NAME = '春季保养节';
export const DEMO_ISSUED_VOUCHER_NAME = '新客满减券';
export const DEMO_CAMPAIGN_VOUCHER_NAME = '保养节专享券';

export async function insertDemoCoupons(db: Executor, referenceDate: Date): Promise<void> {
  const day = chinaDay(referenceDate);
  const from = addDays(day, -7);
  const to = addDays(day, 60);
  const [activity] = (
    await db.execute(sql`insert into activities (name, image, description, starts_on, ends_on)
      values (${DEMO_ACTIVITY_NAME}, '/media/activity/1.svg', '保养件限时优惠，领券下单立减', ${from}, ${to})
      returning id`)
  ).rows as { id: number }[];
  const activityId = Number(activity!.id);
  await db.execute(sql`insert into activity_products (activity_id, product_id, sort)
    select ${activityId}, p.id, p.id from products p where p.id <= 12 order by p.id`);
  const [campaign] = (
    await db.execute(sql`insert into vouchers (name, value, threshold, valid_from, valid_to, scope, kind,
        per_company_uses, total_uses, activity_id)
      values (${DEMO_CAMPAIGN_VOUCHER_NAME}, 20, 200, ${from}, ${to}, 'parts', 'campaign', 2, 500, ${activityId})
      returning id`)
  ).rows as { id: number }[];
  await db.execute(sql`insert into voucher_scope_items (voucher_id, product_id)
    select ${Number(campaign!.id)}, product_id from activity_products where activity_id = ${activityId}`);
  const [issued] = (
    await db.execute(sql`insert into vouchers (name, value, threshold, valid_from, valid_to, scope, kind,
        per_company_uses, total_uses, granted_uses)
      values (${DEMO_ISSUED_VOUCHER_NAME}, 50, 300, ${from}, ${to}, 'all', 'issued', 3, 100, 3)
      returning id`)
  ).rows as { id: number }[];
  await db.execute(sql`insert into voucher_grants (voucher_id, company_id, uses)
    select ${Number(issued!.id)}, c.id, 3 from companies c where c.name = ${DEMO_COMPANIES[0]!.name}`);
}
