/**
 * The address form rules of spec.md section 5, shared by the server (addAddress / editAddress)
 * and the add/edit dialog, with the exact messages the user sees.
 */

export const ADDRESS_MESSAGES = {
  contactsRequired: '请输入收货人',
  regionRequired: '请选择省市区',
  mobileRequired: '请输入手机号码',
  mobileInvalid: '请输入正确的手机号',
  streetRequired: '请输入详细地址',
  logisticsRequired: '请输入物流信息',
  /** Both default flags on one address. */
  bothDefaults: '广州仓默认地址和北京仓默认地址只能选择一个',
  /** Hint shown beside the disabled flag while the other one is set. */
  uncheckFirst: '请先取消另一个默认地址',
  beijingNotAllowed: '当前账号不能设置北京仓默认地址',
  notFound: '找不到该地址',
  tooLong: '内容过长',
  added: '添加成功',
  edited: '修改成功',
  deleted: '删除成功',
  defaultSet: '设置成功',
} as const;

/** Longest accepted texts (the database keeps text, these only stop abuse). */
export const ADDRESS_LIMITS = { contacts: 50, street: 200, logistics: 200, regionPart: 50 } as const;

/** 11 digits, starting with 1, second digit 3-9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export function isValidMobile(mobile: string): boolean {
  return MOBILE_PATTERN.test(mobile.trim());
}

/** What the rules need to know about the caller and the brand variant. */
export interface AddressRuleContext {
  /** The variant asks for logistics_information (one brand). */
  logisticsRequired: boolean;
  /** The Beijing default (other_is_main) is offered: regional account in a variant with Beijing. */
  beijingDefaultAllowed: boolean;
}

export interface AddressFields {
  contacts: string;
  province: string;
  city: string;
  district: string;
  mobile: string;
  street: string;
  is_main: 0 | 1;
  other_is_main: 0 | 1;
  logistics_information?: string | null;
}

export type AddressField = 'contacts' | 'region' | 'mobile' | 'street' | 'logistics_information' | 'defaults';

export interface AddressProblem {
  field: AddressField;
  message: string;
}

export function contactsProblem(value: string | undefined | null): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return ADDRESS_MESSAGES.contactsRequired;
  if (v.length > ADDRESS_LIMITS.contacts) return ADDRESS_MESSAGES.tooLong;
  return undefined;
}

export function regionProblem(parts: readonly (string | undefined | null)[]): string | undefined {
  if (parts.length !== 3 || parts.some((p) => !(p ?? '').trim())) return ADDRESS_MESSAGES.regionRequired;
  if (parts.some((p) => (p ?? '').length > ADDRESS_LIMITS.regionPart)) return ADDRESS_MESSAGES.tooLong;
  return undefined;
}

export function mobileProblem(value: string | undefined | null): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return ADDRESS_MESSAGES.mobileRequired;
  if (!isValidMobile(v)) return ADDRESS_MESSAGES.mobileInvalid;
  return undefined;
}

export function streetProblem(value: string | undefined | null): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return ADDRESS_MESSAGES.streetRequired;
  if (v.length > ADDRESS_LIMITS.street) return ADDRESS_MESSAGES.tooLong;
  return undefined;
}

export function logisticsProblem(value: string | undefined | null, ctx: AddressRuleContext): string | undefined {
  if (!ctx.logisticsRequired) return undefined;
  const v = (value ?? '').trim();
  if (!v) return ADDRESS_MESSAGES.logisticsRequired;
  if (v.length > ADDRESS_LIMITS.logistics) return ADDRESS_MESSAGES.tooLong;
  return undefined;
}

/** The two warehouse default flags: never both, and the Beijing one only where it is offered. */
export function defaultsProblem(isMain: number, otherIsMain: number, ctx: AddressRuleContext): string | undefined {
  if (otherIsMain === 1 && !ctx.beijingDefaultAllowed) return ADDRESS_MESSAGES.beijingNotAllowed;
  if (isMain === 1 && otherIsMain === 1) return ADDRESS_MESSAGES.bothDefaults;
  return undefined;
}

/** Every problem of an address, in form order (empty when it may be saved). */
export function addressProblems(address: AddressFields, ctx: AddressRuleContext): AddressProblem[] {
  const checks: [AddressField, string | undefined][] = [
    ['contacts', contactsProblem(address.contacts)],
    ['region', regionProblem([address.province, address.city, address.district])],
    ['mobile', mobileProblem(address.mobile)],
    ['street', streetProblem(address.street)],
    ['logistics_information', logisticsProblem(address.logistics_information, ctx)],
    ['defaults', defaultsProblem(address.is_main, address.other_is_main, ctx)],
  ];
  return checks.flatMap(([field, message]) => (message ? [{ field, message }] : []));
}

/** A copy of an address for a new one: both default flags reset to 0 (spec.md section 5). */
export function copyAddress<T extends { is_main: 0 | 1; other_is_main: 0 | 1 }>(address: T): T {
  return { ...address, is_main: 0, other_is_main: 0 };
}
