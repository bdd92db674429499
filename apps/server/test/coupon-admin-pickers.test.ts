import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVoucher, AdminVoucherPage, PickedCategory, PickedCompany, PickedPart } from '@shop/core/api/coupons';
import { chinaDayOf } from '@shop/core/coupons';
import { addDays } from '../src/lib/china-time';
import { body } from './helpers/api';
import { type StaffClient, withDemoStaff } from './helpers/staff';
import type { TestApp } from './helpers/test-app';
import { createShop } from './orders-shop';

/**
 * What the back office's 优惠券 / 活动管理 screens ask besides the module's own tests (coupons.test.ts):
 * the kind filter of the list and the pickers, which a staff member with coupon.manage alone
 * (role catalog: no dealers.manage, no messages.broadcast) may use.
 */
let t: TestApp;
let staff: StaffClient;
let ids: Awaited<ReturnType<typeof createShop>>['ids'];
const today = chinaDayOf(new Date());

beforeAll(async () => {
  ({ t, ids } = await createShop());
  staff = await withDemoStaff(t);
}, 60_000);
afterAll(() => t?.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: object, who: 'catalog' | 'service' = 'catalog') =>
  staff.asStaff(who, { method, url: `/api/admin/coupon${url}`, ...(payload ? { payload } : {}) });

describe('the back office screens of vouchers', () => {
  it('filters the list by kind (with name and status), a bad kind is no filter', async () => {
    const input = {
      value: '10',
      threshold: '0',
      valid_from: today,
      valid_to: addDays(today, 10),
      scope: 'all',
      per_company_uses: 1,
    };
    const issued = body<AdminVoucher>(
      await admin('POST', '/vouchers', { ...input, name: '筛选测试定向', kind: 'issued' }),
    ).data;
    const campaign = body<AdminVoucher>(
      await admin('POST', '/vouchers', { ...input, name: '筛选测试活动', kind: 'campaign' }),
    ).data;
    const names = async (query: string) =>
      body<AdminVoucherPage>(await admin('GET', `/vouchers?keyword=筛选测试${query}`)).data.list.map(
        (v) => v.voucher_id,
      );
    expect(await names('&kind=issued')).toEqual([issued.voucher_id]);
    expect(await names('&kind=campaign')).toEqual([campaign.voucher_id]);
    expect(await names('&kind=bogus')).toEqual([campaign.voucher_id, issued.voucher_id]);
    expect(await names('&kind=campaign&status=stopped')).toEqual([]);
  });

  it('lets coupon.manage alone pick companies, parts and categories; others are refused', async () => {
    const a = t.fixtures.accounts.aMain.companyId;
    const companies = body<PickedCompany[]>(await admin('GET', `/pick/companies?keyword=${a}`)).data;
    expect(companies.map((c) => c.id)).toContain(a);
    const chosen = body<PickedCompany[]>(await admin('GET', `/pick/companies?ids=${a},x`)).data;
    expect(chosen).toEqual([{ id: a, name: expect.any(String) }]);

    const byIds = body<PickedPart[]>(await admin('GET', `/pick/parts?ids=${ids.p2},${ids.p1}`)).data;
    expect(byIds.map((p) => p.id)).toEqual([ids.p2, ids.p1]);
    const found = body<PickedPart[]>(
      await admin('GET', `/pick/parts?keyword=${encodeURIComponent(byIds[1]!.frey_no)}`),
    ).data;
    expect(found.map((p) => p.id)).toContain(ids.p1);

    const categories = body<PickedCategory[]>(await admin('GET', '/pick/categories')).data;
    expect(categories.some((c) => c.level === 1 && c.parent_id === null)).toBe(true);

    for (const path of ['/pick/companies', '/pick/parts', '/pick/categories'])
      expect((await admin('GET', path, undefined, 'service')).statusCode).toBe(403);
    const tooLong = body(await admin('GET', `/pick/parts?keyword=${encodeURIComponent('长'.repeat(61))}`));
    expect(tooLong).toMatchObject({ status: 400, msg: expect.stringContaining('关键词过长') });
  });
});
