import { describe, expect, it } from 'vitest';
import { managesSubAccounts, opensActivityZone, seesCompanyOrders, usesPoints } from './account-rights';
import { isSmsCode } from './account-rules';

describe('what an account may do (decision 0049)', () => {
  it('the main account and purchase accounts see the company’s orders; other sub-accounts their own', () => {
    expect(seesCompanyOrders({ isMain: true, isPurchase: false })).toBe(true);
    expect(seesCompanyOrders({ isMain: false, isPurchase: true })).toBe(true);
    expect(seesCompanyOrders({ isMain: false, isPurchase: false })).toBe(false);
  });

  it('only the main account manages sub-accounts', () => {
    expect(managesSubAccounts({ isMain: true, isPurchase: false })).toBe(true);
    expect(managesSubAccounts({ isMain: false, isPurchase: true })).toBe(false);
  });

  it('only the main account uses points and gift orders', () => {
    expect(usesPoints({ isMain: true, isPurchase: false })).toBe(true);
    expect(usesPoints({ isMain: false, isPurchase: true })).toBe(false);
    expect(usesPoints({ isMain: false, isPurchase: false })).toBe(false);
  });

  it('the activity zone opens where the profile has activity_flag 1', () => {
    expect(opensActivityZone({ activity_flag: 1 })).toBe(true);
    expect(opensActivityZone({ activity_flag: 0 })).toBe(false);
    expect(opensActivityZone(undefined)).toBe(false);
  });

  it('an SMS code is 6 digits, spaces around allowed', () => {
    expect(isSmsCode(' 012345 ')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', '１２３４５６', '']) expect(isSmsCode(bad)).toBe(false);
  });
});
