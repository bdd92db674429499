import type { Db } from '../../db/client';
import { browsingHistory } from '../../db/schema/customer-activity';
import type { DealerCaller } from '../../platform/request-context';
import { accountPartsPages } from '../catalog/product-rows';

/** Records that the account opened a part's detail (one row per account and part, time updated). */
export async function recordBrowsing(db: Db, auth: DealerCaller, productId: number): Promise<void> {
  await db
    .insert(browsingHistory)
    .values({ accountId: auth.accountId, companyId: auth.companyId, productId })
    .onConflictDoUpdate({
      target: [browsingHistory.accountId, browsingHistory.productId],
      set: { viewedAt: new Date(), companyId: auth.companyId },
    });
}

/** The account's own browsing history, newest first, as part rows. */
export const listBrowsingHistory = accountPartsPages(browsingHistory, browsingHistory.viewedAt);
