import { sql } from 'drizzle-orm';
import { pointsExpireAt } from '@shop/core/points-rules';
import type { Executor } from './bulk-insert';

/**
 * The points mall's demo items (pictures of the generated part pictures, served locally) and a
 * starting balance for every demo company: 1,200 points earned on the reference date and 30 frey
 * coins, each through a ledger entry with the balance after it (the ledgers sum to the balances).
 */
const ITEMS: { name: string; description: string; pic: string; points: number; stock: number }[] = [
  {
    name: '原厂火花塞套装（4 支）',
    description: '铱金火花塞，适配主流车型',
    pic: '/media/parts/spark-plug-1.svg',
    points: 800,
    stock: 40,
  },
  { name: '节温器', description: '原厂品质节温器', pic: '/media/parts/thermostat-1.svg', points: 500, stock: 30 },
  { name: '水泵', description: '带密封垫片', pic: '/media/parts/water-pump-1.svg', points: 1500, stock: 10 },
  { name: '点火线圈', description: '单支装', pic: '/media/parts/ignition-coil-1.svg', points: 600, stock: 25 },
  { name: '张紧轮', description: '正时张紧轮', pic: '/media/parts/tensioner-1.svg', points: 450, stock: 20 },
  { name: '惰轮', description: '皮带惰轮', pic: '/media/parts/idler-pulley-1.svg', points: 300, stock: 0 },
];

export async function insertDemoPoints(tx: Executor, referenceDate: Date): Promise<void> {
  for (const [i, item] of ITEMS.entries()) {
    await tx.execute(sql`insert into points_mall_items (name, description, pic, points_price, stock, on_shelf, sort)
      values (${item.name}, ${item.description}, ${item.pic}, ${item.points}, ${item.stock}, true, ${i + 1})`);
  }
  const expires = pointsExpireAt(referenceDate).toISOString();
  const at = referenceDate.toISOString();
  await tx.execute(sql`insert into points_accounts (company_id, points, frey_coin) select id, 1200, 30 from companies`);
  await tx.execute(sql`insert into points_ledger (company_id, change, balance_after, cause, ref, note, expires_at,
      remaining, created_at)
    select id, 1200, 1200, 'adjustment', 'demo', '开通积分商城赠送', ${expires}::timestamptz, 1200, ${at}::timestamptz
    from companies`);
  await tx.execute(sql`insert into frey_coin_ledger (company_id, change, balance_after, cause, ref, note, created_at)
    select id, 30, 30, 'adjustment', 'demo', '开通积分商城赠送', ${at}::timestamptz from companies`);
}
