import { companies, accounts } from '../../src/db/schema/accounts';
import type { Db } from '../../src/db/client';
import { hashPassword } from '../../src/modules/user/password';
import type { DealerCaller } from '../../src/platform/request-context';

/**
 * The accounts every test file starts with, like the demo accounts of the README (same phones
 * and password). The password is hashed once per test file and shared by every account.
 */
export const TEST_PASSWORD = 'demo1234';

export const FIXTURE_ACCOUNTS = {
  /** Company A's main account. */
  aMain: { company: 'a', username: 'a_main', phone: '13800000001', isMain: 1 },
  /** Sub-account of company A. */
  aSub: { company: 'a', username: 'a_sub', phone: '13800000002' },
  /** A second sub-account of company A, with is_purchase. */
  aPurchase: { company: 'a', username: 'a_purchase', phone: '13800000005', isPurchase: 1 },
  /** A disabled sub-account of company A. */
  aDisabled: { company: 'a', username: 'a_disabled', phone: '13800000009', disabled: true },
  /** Company B's main account, with is_purchase. */
  bMain: { company: 'b', username: 'b_main', phone: '13800000003', isMain: 1, isPurchase: 1 },
  /** Sub-account of company B. */
  bSub: { company: 'b', username: 'b_sub', phone: '13800000006' },
  /** Company C's main account: regional (its company has the Beijing warehouse), activity zone on. */
  cRegional: { company: 'c', username: 'c_regional', phone: '13800000004', isMain: 1, activityFlag: 1 },
} as const;

export const FIXTURE_COMPANIES = {
  a: { name: '广州恒通汽配有限公司', brandGroupings: ['奔驰', '宝马'] },
  b: { name: '北京众诚汽车维修中心', brandGroupings: ['奥迪'] },
  /** Regional: the Beijing warehouse. */
  c: { name: '天津安达汽配商行', brandGroupings: ['沃尔沃', '路虎'], isRegionalWarehouse: 1 },
} as const;

export type FixtureAccountKey = keyof typeof FIXTURE_ACCOUNTS;
export type FixtureCompanyKey = keyof typeof FIXTURE_COMPANIES;

export interface Fixtures {
  companies: Record<FixtureCompanyKey, { id: number; name: string }>;
  accounts: Record<FixtureAccountKey, { id: number; companyId: number; username: string; phone: string }>;
}

let sharedHash: Promise<string> | undefined;
/** The argon2 hash of TEST_PASSWORD, computed once per test file (module instance). */
export function testPasswordHash(): Promise<string> {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  return sharedHash;
}

export async function insertFixtures(db: Db): Promise<Fixtures> {
  const passwordHash = await testPasswordHash();
  const companyRows = await db
    .insert(companies)
    .values(
      Object.values(FIXTURE_COMPANIES).map(
        (c: { name: string; brandGroupings: readonly string[]; isRegionalWarehouse?: number }) => ({
          name: c.name,
          brandGroupings: [...c.brandGroupings],
          isRegionalWarehouse: c.isRegionalWarehouse ?? 0,
        }),
      ),
    )
    .returning({ id: companies.id, name: companies.name });
  const companyKeys = Object.keys(FIXTURE_COMPANIES) as FixtureCompanyKey[];
  const companyIds = Object.fromEntries(
    companyKeys.map((k) => [k, companyRows.find((r) => r.name === FIXTURE_COMPANIES[k].name)!]),
  ) as Fixtures['companies'];

  const accountKeys = Object.keys(FIXTURE_ACCOUNTS) as FixtureAccountKey[];
  const rows = await db
    .insert(accounts)
    .values(
      accountKeys.map((key) => {
        const a: {
          company: FixtureCompanyKey;
          username: string;
          phone: string;
          isMain?: number;
          isPurchase?: number;
          activityFlag?: number;
          disabled?: boolean;
        } = FIXTURE_ACCOUNTS[key];
        return {
          companyId: companyIds[a.company].id,
          username: a.username,
          phone: a.phone,
          passwordHash,
          isMain: a.isMain ?? 0,
          isPurchase: a.isPurchase ?? 0,
          activityFlag: a.activityFlag ?? 0,
          disabled: a.disabled ?? false,
        };
      }),
    )
    .returning({ id: accounts.id, companyId: accounts.companyId, username: accounts.username, phone: accounts.phone });
  const accountIds = Object.fromEntries(
    accountKeys.map((k) => [k, rows.find((r) => r.username === FIXTURE_ACCOUNTS[k].username)!]),
  ) as Fixtures['accounts'];
  return { companies: companyIds, accounts: accountIds };
}

/** The request context's caller for a fixture account (for services called without a request). */
export function dealerCaller(fixtures: Fixtures, key: FixtureAccountKey): DealerCaller {
  const spec: Record<string, unknown> = FIXTURE_ACCOUNTS[key];
  const company: Record<string, unknown> = FIXTURE_COMPANIES[FIXTURE_ACCOUNTS[key].company];
  const account = fixtures.accounts[key];
  return {
    kind: 'dealer',
    sessionId: 0,
    accountId: account.id,
    companyId: account.companyId,
    isMain: spec.isMain === 1,
    isPurchase: spec.isPurchase === 1,
    isRegionalWarehouse: company.isRegionalWarehouse === 1,
  };
}
