import { centsToMoney, toCents } from './money';
import { PROTECTION_DAYS } from './part-display';

/**
 * Price protection (docs/price-protection.md): when the price dealers pay for a part drops, the
 * companies that bought it within its protection days before the drop are credited the
 * difference on what they kept. The server computes it in SQL from the same figures; these
 * functions are the rule in words a test can hold it to, and the texts both apps show.
 */

export { PROTECTION_DAYS };

/** The days between two China days ('YYYY-MM-DD'), `later` − `earlier`. */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whether a line bought on China day `boughtDay` is protected from a change on `changeDay`: bought
 * on the day of the change or up to `days` days before it (day 60 of a 60-day part is, day 61 is not).
 */
export function boughtWithinWindow(boughtDay: string, changeDay: string, days: number): boolean {
  const d = daysBetween(boughtDay, changeDay);
  return d >= 0 && d <= days;
}

/**
 * The compensation of one unit: what the unit was worth to the dealer (the price paid, or what an
 * earlier drop already protected it down to) less the new price; null when nothing is owed
 * (the new price is not lower).
 */
export function compensationPerUnit(unitPaid: string, unitNew: string): string | null {
  const diff = (toCents(unitPaid) ?? 0n) - (toCents(unitNew) ?? 0n);
  return diff > 0n ? centsToMoney(diff) : null;
}

export const PRICE_PROTECTION_TEXTS = {
  moduleName: '价格保护',
  adjustTitle: '调价专区',
  protectionTitle: '价格保护',
  recordTitle: '调价记录',
  emptyAdjust: '暂无调价商品',
  emptyProtection: '暂无价保补偿',
  emptyRecord: '暂无调价补偿记录',
  messageTitle: '价格保护补偿',
  priceHidden: '价格不可见',
} as const;

/**
 * The message of a compensation to the company's main account: category 5 (对账单), which opens
 * the bill page (spec.md section 4 'Messages'), so its texts send the dealer to the bill, where the
 * compensation is credited. `listed` names the parts that went down.
 */
export function compensationMessageTexts(listed: string): { description: string; word: string } {
  return {
    description: `${listed} 降价，价保补偿已计入对账单`,
    word: `您在价保期内购买的 ${listed} 已降价，差价补偿已计入您的对账单，请在“对账单”中查看。`,
  };
}

/** The rules as the dealers read them (getKeepRuleDescription). */
export const KEEP_RULES: readonly string[] = [
  '价格保护：商品经销价下调时，您在调价前价保期内购买的该商品，按（购买单价 − 调整后单价）× 数量自动补偿。',
  '价保期按商品 SCM 分类计算：A、XA、B、XB 类 60 天；C、XC、D、XD 类 180 天；按北京时间自然日计算，调价当天购买的也在内。',
  '数量为订单商品数量减去已退货数量；已取消的订单不参与价保。',
  '同一商品连续降价时，每次只补偿本次降价的差额；价格上调不补偿，也不扣回已补偿的金额。',
  '补偿金额计入您的对账单（冲减应付款），并以站内消息通知主账号。',
  '已补偿的商品之后退货的，按退货数量扣回相应的补偿金额。',
];

/** The protection days of each class, for the rules page. */
export function protectionDaysTable(): { classes: string; days: number }[] {
  const byDays = new Map<number, string[]>();
  for (const [cls, days] of Object.entries(PROTECTION_DAYS)) byDays.set(days, [...(byDays.get(days) ?? []), cls]);
  return [...byDays.entries()].map(([days, classes]) => ({ classes: classes.join('、'), days }));
}
