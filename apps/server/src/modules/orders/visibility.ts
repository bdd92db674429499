import { sql, type SQL } from 'drizzle-orm';
import { seesCompanyOrders } from '@shop/core/account-rights';
import type { DealerCaller } from '../../platform/request-context';

/**
 * The orders (alias o) a dealer's account may see (decision 0049): the main account and purchase
 * accounts every order of the company, any other sub-account the orders it placed. Not-visible
 * orders (and their packages, returns and exports) answer as not found.
 */
export function visibleOrderSql(auth: Pick<DealerCaller, 'accountId' | 'isMain' | 'isPurchase'>): SQL {
  return seesCompanyOrders(auth) ? sql`true` : sql`o.account_id = ${auth.accountId}`;
}
