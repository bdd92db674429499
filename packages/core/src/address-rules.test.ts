import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES as M,
  addressProblems,
  copyAddress,
  defaultsProblem,
  isValidMobile,
  mobileProblem,
  type AddressFields,
} from './address-rules';

const plain = { logisticsRequired: false, beijingDefaultAllowed: false };
const regional = { logisticsRequired: false, beijingDefaultAllowed: true };
const logistics = { logisticsRequired: true, beijingDefaultAllowed: false };

const good: AddressFields = {
  contacts: '张三',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  mobile: '13912345678',
  street: '天河路 385 号',
  is_main: 1,
  other_is_main: 0,
};

describe('mobile rule', () => {
  it.each(['13912345678', '19800001111', '15012345678', ' 17700000000 '])('accepts %s', (m) =>
    expect(isValidMobile(m)).toBe(true),
  );
  it.each(['12912345678', '1391234567', '139123456789', '23912345678', '1391234567a', '+8613912345678', ''])(
    'refuses %s',
    (m) => expect(isValidMobile(m)).toBe(false),
  );
  it('says required before invalid', () => {
    expect(mobileProblem('')).toBe(M.mobileRequired);
    expect(mobileProblem('   ')).toBe(M.mobileRequired);
    expect(mobileProblem('1234')).toBe(M.mobileInvalid);
    expect(mobileProblem('13800000000')).toBeUndefined();
  });
});

describe('addressProblems', () => {
  it('passes a complete address', () => expect(addressProblems(good, plain)).toEqual([]));

  it('lists every missing field in form order with its message', () => {
    const empty: AddressFields = {
      contacts: ' ',
      province: '',
      city: '',
      district: '',
      mobile: '',
      street: '',
      is_main: 0,
      other_is_main: 0,
    };
    expect(addressProblems(empty, logistics).map((p) => p.message)).toEqual([
      M.contactsRequired,
      M.regionRequired,
      M.mobileRequired,
      M.streetRequired,
      M.logisticsRequired,
    ]);
  });

  it('needs all three region parts', () => {
    expect(addressProblems({ ...good, district: '' }, plain)).toEqual([{ field: 'region', message: M.regionRequired }]);
  });

  it('asks for logistics information only for the brand that has it', () => {
    expect(addressProblems(good, plain)).toEqual([]);
    expect(addressProblems(good, logistics)).toEqual([
      { field: 'logistics_information', message: M.logisticsRequired },
    ]);
    expect(addressProblems({ ...good, logistics_information: '德邦物流' }, logistics)).toEqual([]);
  });

  it('refuses both default flags on one address', () => {
    expect(defaultsProblem(1, 1, regional)).toBe(M.bothDefaults);
    expect(defaultsProblem(0, 1, regional)).toBeUndefined();
    expect(defaultsProblem(1, 0, regional)).toBeUndefined();
  });

  it('refuses the Beijing default where it is not offered', () => {
    expect(defaultsProblem(0, 1, plain)).toBe(M.beijingNotAllowed);
    expect(addressProblems({ ...good, is_main: 0, other_is_main: 1 }, plain)).toEqual([
      { field: 'defaults', message: M.beijingNotAllowed },
    ]);
  });

  it('refuses over-long text', () => {
    expect(addressProblems({ ...good, street: '路'.repeat(201) }, plain)).toEqual([
      { field: 'street', message: M.tooLong },
    ]);
  });
});

describe('copyAddress', () => {
  it('resets both default flags and keeps the rest', () => {
    const copy = copyAddress({ ...good, is_main: 1 as const, other_is_main: 0 as const });
    expect(copy).toEqual({ ...good, is_main: 0, other_is_main: 0 });
    expect(copyAddress({ ...good, is_main: 0 as const, other_is_main: 1 as const }).other_is_main).toBe(0);
  });
});
