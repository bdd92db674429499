import { accounts, companies } from '../db/schema/accounts';
import type { Executor } from './bulk-insert';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from './definitions/accounts';

/** Creates the demo companies and accounts (the only place that creates demo accounts). */
export async function insertDemoAccounts(db: Executor, passwordHash: string): Promise<number> {
  const companyIds = new Map<string, number>();
  for (const company of DEMO_COMPANIES) {
    const [row] = await db
      .insert(companies)
      .values({ name: company.name, brandGroupings: company.brandGroupings })
      .returning({ id: companies.id });
    companyIds.set(company.key, row!.id);
  }
  await db.insert(accounts).values(
    DEMO_ACCOUNTS.map((a) => ({
      companyId: companyIds.get(a.company)!,
      username: a.username,
      phone: a.phone,
      passwordHash,
      isMain: a.isMain,
      isPurchase: a.isPurchase,
      isRegionalWarehouse: a.isRegionalWarehouse,
      activityFlag: a.activityFlag,
      activityFlagImage: a.activityFlagImage,
    })),
  );
  return DEMO_ACCOUNTS.length;
}
