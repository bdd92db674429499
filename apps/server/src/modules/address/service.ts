import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { ADDRESS_MESSAGES, addressProblems, type AddressRuleContext } from '@shop/core/address-rules';
import type { AddressInputParsed, AddressItem } from '@shop/core/api/address';
import { beijingWarehouseEnabled } from '@shop/core/brand-variants';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema/addresses';
import { refuse } from '../../lib/errors';
import type { DealerCaller, DealerContext } from '../../platform/request-context';

/**
 * The company's delivery addresses (spec.md sections 3, 5 and 7 'Address'). The content rules
 * are core's address-rules (the form uses the same); here also: the flags are unique per company
 * (setting one moves it from the company's other address), and another company's address_id
 * answers '找不到该地址' like a missing one.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function ruleContext(ctx: DealerContext): AddressRuleContext {
  const variant = ctx.variant;
  return {
    logisticsRequired: variant.addressLogistics,
    beijingDefaultAllowed: beijingWarehouseEnabled(variant, ctx.caller.isRegionalWarehouse),
  };
}

type Row = typeof addresses.$inferSelect;

function toItem(r: Row, rules: AddressRuleContext): AddressItem {
  return {
    address_id: r.id,
    contacts: r.contacts,
    province: r.province,
    city: r.city,
    district: r.district,
    area_code: r.areaCode,
    mobile: r.mobile,
    street: r.street,
    is_main: r.isMain ? 1 : 0,
    // Outside the Beijing variants / for non-regional accounts the second default does not exist.
    other_is_main: r.otherIsMain && rules.beijingDefaultAllowed ? 1 : 0,
    logistics_information: r.logisticsInformation ?? '',
  };
}

/** GET getAddress: the company's addresses, Guangzhou default first, then Beijing default, then newest. */
export async function listAddresses(db: Db, ctx: DealerContext): Promise<AddressItem[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, ctx.caller.companyId))
    .orderBy(desc(addresses.isMain), desc(addresses.otherIsMain), desc(addresses.id));
  const rules = ruleContext(ctx);
  return rows.map((r) => toItem(r, rules));
}

/** Checks the content and returns the columns to store. */
function checkedValues(input: AddressInputParsed, ctx: DealerContext) {
  const rules = ruleContext(ctx);
  const problems = addressProblems(
    {
      contacts: input.contacts,
      province: input.province,
      city: input.city,
      district: input.district,
      mobile: input.mobile,
      street: input.street,
      is_main: input.is_main,
      other_is_main: input.other_is_main,
      logistics_information: input.logistics_information,
    },
    rules,
  );
  if (problems[0]) refuse(problems[0].message);
  return {
    contacts: input.contacts.trim(),
    province: input.province.trim(),
    city: input.city.trim(),
    district: input.district.trim(),
    areaCode: input.area_code.trim(),
    mobile: input.mobile.trim(),
    street: input.street.trim(),
    isMain: input.is_main === 1,
    otherIsMain: input.other_is_main === 1,
    logisticsInformation: rules.logisticsRequired ? (input.logistics_information ?? '').trim() : null,
  };
}

/** Clears a default flag from the company's other addresses (before setting it on `keepId`). */
async function clearFlag(tx: Tx, companyId: number, flag: 'isMain' | 'otherIsMain', keepId: number | null) {
  const column = flag === 'isMain' ? addresses.isMain : addresses.otherIsMain;
  await tx
    .update(addresses)
    .set({ [flag]: false, updatedAt: sql`now()` })
    .where(
      and(eq(addresses.companyId, companyId), eq(column, true), keepId === null ? undefined : ne(addresses.id, keepId)),
    );
}

/** Serialises the default-flag changes of one company (so two concurrent saves cannot both win). */
async function lockCompany(tx: Tx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('addresses'), ${companyId})`);
}

/** POST addAddress. */
export async function addAddress(db: Db, ctx: DealerContext, input: AddressInputParsed): Promise<number> {
  const values = checkedValues(input, ctx);
  return db.transaction(async (tx) => {
    await lockCompany(tx, ctx.caller.companyId);
    // A repeated submit (double click, retry) of the same address answers the first one, not a second row.
    const [same] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(
        and(
          eq(addresses.companyId, ctx.caller.companyId),
          eq(addresses.contacts, values.contacts),
          eq(addresses.mobile, values.mobile),
          eq(addresses.province, values.province),
          eq(addresses.city, values.city),
          eq(addresses.district, values.district),
          eq(addresses.areaCode, values.areaCode),
          eq(addresses.street, values.street),
          eq(addresses.isMain, values.isMain),
          eq(addresses.otherIsMain, values.otherIsMain),
          values.logisticsInformation === null
            ? isNull(addresses.logisticsInformation)
            : eq(addresses.logisticsInformation, values.logisticsInformation),
        ),
      )
      .limit(1);
    if (same) return same.id;
    if (values.isMain) await clearFlag(tx, ctx.caller.companyId, 'isMain', null);
    if (values.otherIsMain) await clearFlag(tx, ctx.caller.companyId, 'otherIsMain', null);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, companyId: ctx.caller.companyId, accountId: ctx.caller.accountId })
      .returning({ id: addresses.id });
    return row!.id;
  });
}

async function ownAddress(tx: Tx | Db, companyId: number, addressId: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.companyId, companyId)));
  if (!row) refuse(ADDRESS_MESSAGES.notFound);
  return row;
}

/** POST editAddress. */
export async function editAddress(
  db: Db,
  ctx: DealerContext,
  addressId: number,
  input: AddressInputParsed,
): Promise<number> {
  const values = checkedValues(input, ctx);
  return db.transaction(async (tx) => {
    await lockCompany(tx, ctx.caller.companyId);
    const current = await ownAddress(tx, ctx.caller.companyId, addressId);
    // A non-regional account cannot see the Beijing flag; keep what is stored rather than clear it.
    const otherIsMain = ruleContext(ctx).beijingDefaultAllowed ? values.otherIsMain : current.otherIsMain;
    if (values.isMain && otherIsMain) refuse(ADDRESS_MESSAGES.bothDefaults);
    if (values.isMain) await clearFlag(tx, ctx.caller.companyId, 'isMain', addressId);
    if (otherIsMain) await clearFlag(tx, ctx.caller.companyId, 'otherIsMain', addressId);
    await tx
      .update(addresses)
      .set({ ...values, otherIsMain, updatedAt: sql`now()` })
      .where(and(eq(addresses.id, addressId), eq(addresses.companyId, ctx.caller.companyId)));
    return addressId;
  });
}

/** POST delete. */
export async function deleteAddress(db: Db, auth: DealerCaller, addressId: number): Promise<void> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.companyId, auth.companyId)))
    .returning({ id: addresses.id });
  if (deleted.length === 0) refuse(ADDRESS_MESSAGES.notFound);
}

/**
 * GET setDefault: warehouse_type 1 sets (or with is_default 0 clears) is_main, 2 other_is_main.
 * Setting one flag on an address that carries the other is refused: uncheck it first.
 */
export async function setDefaultAddress(
  db: Db,
  ctx: DealerContext,
  addressId: number,
  warehouseType: number,
  isDefault: 0 | 1,
): Promise<void> {
  const flag = warehouseType === 2 ? 'otherIsMain' : 'isMain';
  if (flag === 'otherIsMain' && !ruleContext(ctx).beijingDefaultAllowed) refuse(ADDRESS_MESSAGES.beijingNotAllowed);
  await db.transaction(async (tx) => {
    await lockCompany(tx, ctx.caller.companyId);
    const current = await ownAddress(tx, ctx.caller.companyId, addressId);
    const other = flag === 'isMain' ? current.otherIsMain && ruleContext(ctx).beijingDefaultAllowed : current.isMain;
    if (isDefault === 1 && other) refuse(ADDRESS_MESSAGES.bothDefaults);
    if (isDefault === 1) await clearFlag(tx, ctx.caller.companyId, flag, addressId);
    await tx
      .update(addresses)
      .set({ [flag]: isDefault === 1, updatedAt: sql`now()` })
      .where(eq(addresses.id, addressId));
  });
}

/** The company's default address for a warehouse (the settlement page's preselection), or null. */
export async function defaultAddressId(db: Db, companyId: number, warehouse: 1 | 2): Promise<number | null> {
  const column = warehouse === 2 ? addresses.otherIsMain : addresses.isMain;
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.companyId, companyId), eq(column, true)))
    .orderBy(asc(addresses.id))
    .limit(1);
  return row?.id ?? null;
}
