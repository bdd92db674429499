import { accounts, companies } from '../db/schema/accounts';
import { addresses } from '../db/schema/addresses';
import type { Executor } from './bulk-insert';
import { DEMO_ACCOUNTS, DEMO_ADDRESSES, DEMO_COMPANIES } from './definitions/accounts';

/**
 * Creates the demo companies, accounts and delivery addresses (the only place that creates demo
 * accounts). Each company's addresses are made by its main account.
 */
export async function insertDemoAccounts(db: Executor, passwordHash: string): Promise<number> {
  const companyIds = new Map<string, number>();
  for (const company of DEMO_COMPANIES) {
    const [row] = await db
      .insert(companies)
      .values({
        name: company.name,
        brandGroupings: company.brandGroupings,
        isRegionalWarehouse: company.isRegionalWarehouse,
        contactName: company.contactName,
        contactPhone: company.contactPhone,
        notes: company.notes,
      })
      .returning({ id: companies.id });
    companyIds.set(company.key, row!.id);
  }
  const made = await db
    .insert(accounts)
    .values(
      DEMO_ACCOUNTS.map((a) => ({
        companyId: companyIds.get(a.company)!,
        username: a.username,
        phone: a.phone,
        passwordHash,
        isMain: a.isMain,
        isPurchase: a.isPurchase,
        activityFlag: a.activityFlag,
        activityFlagImage: a.activityFlagImage,
      })),
    )
    .returning({ id: accounts.id, companyId: accounts.companyId, isMain: accounts.isMain });
  const mainAccount = (key: string) => made.find((a) => a.companyId === companyIds.get(key) && a.isMain === 1)!.id;
  await db.insert(addresses).values(
    DEMO_ADDRESSES.map((a) => ({
      companyId: companyIds.get(a.company)!,
      accountId: mainAccount(a.company),
      contacts: a.contacts,
      mobile: a.mobile,
      province: a.province,
      city: a.city,
      district: a.district,
      areaCode: a.areaCode,
      street: a.street,
      isMain: a.isMain,
      otherIsMain: a.otherIsMain,
    })),
  );
  return DEMO_ACCOUNTS.length;
}
