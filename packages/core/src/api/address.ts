import { z } from 'zod';
import { ADDRESS_LIMITS } from '../address-rules';
import { idInput } from './id-input';
import { flag01, looseFlagInput } from './fields';

/**
 * Shapes of /api/Shop.Address/* (spec.md sections 3, 5 and 7). The field rules and messages are
 * in address-rules.ts; the server applies them (with the caller's account) after parsing.
 */

export const AddressItem = z.object({
  address_id: z.number().int(),
  contacts: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  /** Area code of the district (area-data), '' when unknown. */
  area_code: z.string(),
  mobile: z.string(),
  street: z.string(),
  /** Default for the Guangzhou warehouse. */
  is_main: flag01,
  /** Default for the Beijing warehouse. */
  other_is_main: flag01,
  logistics_information: z.string(),
});
export type AddressItem = z.infer<typeof AddressItem>;

export const AddressList = z.object({ list: z.array(AddressItem) });
export type AddressList = z.infer<typeof AddressList>;

const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .default('');

/** POST addAddress (and editAddress with address_id). Content rules: address-rules.ts. */
export const AddressInput = z.object({
  contacts: text(ADDRESS_LIMITS.contacts),
  province: text(ADDRESS_LIMITS.regionPart),
  city: text(ADDRESS_LIMITS.regionPart),
  district: text(ADDRESS_LIMITS.regionPart),
  area_code: z.string().max(20).default(''),
  mobile: z.string().max(40).default(''),
  street: text(ADDRESS_LIMITS.street),
  is_main: looseFlagInput.default(0),
  other_is_main: looseFlagInput.default(0),
  logistics_information: z
    .string()
    .max(ADDRESS_LIMITS.logistics * 4)
    .nullish(),
});
export type AddressInput = z.input<typeof AddressInput>;
export type AddressInputParsed = z.output<typeof AddressInput>;

export const AddressIdRequest = z.object({
  address_id: idInput('找不到该地址'),
});

export const EditAddressRequest = AddressInput.extend(AddressIdRequest.shape);
export type EditAddressRequest = z.input<typeof EditAddressRequest>;

/** GET setDefault: which flag (1 is_main for Guangzhou, 2 other_is_main for Beijing), set or clear. */
export const SetDefaultRequest = AddressIdRequest.extend({
  warehouse_type: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2, '仓库只能是 1 或 2')
    .default(1),
  is_default: looseFlagInput.default(1),
});
export type SetDefaultRequest = z.input<typeof SetDefaultRequest>;

export const AddressSaved = z.object({ address_id: z.number().int() });
export type AddressSaved = z.infer<typeof AddressSaved>;
