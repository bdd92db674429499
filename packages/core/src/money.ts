/**
 * Money as decimal text with two places ('1973.80'), never through a binary float. PostgreSQL's
 * numeric columns arrive as such text already; anything else is rounded half away from zero on
 * its decimal digits.
 */
const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;
const TWO_PLACES = /^-?\d+\.\d{2}$/;

/** Cents of a decimal amount (text, a number or a bigint), undefined when it is not one. */
export function toCents(amount: unknown): bigint | undefined {
  if (typeof amount === 'bigint') return amount * 100n;
  if (typeof amount !== 'string' && typeof amount !== 'number') return undefined;
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  // A number's own text may be in exponent form; only plain decimals are money.
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = m;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */) cents += 1n;
  return sign === '-' && cents !== 0n ? -cents : cents;
}

/** Cents as money text: 197380n → '1973.80'. */
export function centsToMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The amount as money text with two places ('0.00' for nothing or something that is not an amount). */
export function money(amount: unknown): string {
  if (typeof amount === 'string' && TWO_PLACES.test(amount)) return amount;
  const cents = toCents(amount);
  return cents === undefined ? '0.00' : centsToMoney(cents);
}

/** price × quantity as money text, exact. */
export function lineAmount(price: unknown, quantity: number | bigint): string {
  return centsToMoney((toCents(price) ?? 0n) * BigInt(quantity));
}

/** The sum of price × quantity over the lines, as money text, exact. */
export function linesAmount(lines: Iterable<{ price: unknown; quantity: number | bigint }>): string {
  let cents = 0n;
  for (const l of lines) cents += (toCents(l.price) ?? 0n) * BigInt(l.quantity);
  return centsToMoney(cents);
}

/** The sum of the amounts, as money text, exact (an export's total row). */
export function sumAmounts(amounts: Iterable<unknown>): string {
  let cents = 0n;
  for (const a of amounts) cents += toCents(a) ?? 0n;
  return centsToMoney(cents);
}

/** Money text with thousands separators, for reading large figures: '1234567.8' → '1,234,567.80'. */
export function groupedMoney(amount: unknown): string {
  const [whole = '0', fraction = '00'] = money(amount).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}
