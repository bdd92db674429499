import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADDRESS_MESSAGES } from '@shop/core/address-rules';
import {
  AddressIdRequest,
  AddressInput,
  AddressList,
  AddressSaved,
  EditAddressRequest,
  SetDefaultRequest,
} from '@shop/core/api/address';
import { dealerRoutes } from '../../lib/declared-routes';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './service';

/** /api/Shop.Address/* (spec.md section 7 'Address'): the company's addresses, login required. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const rules =
    'Messages: 请输入收货人, 请选择省市区, 请输入手机号码, 请输入正确的手机号, 请输入详细地址, 请输入物流信息 (one brand), ' +
    '广州仓默认地址和北京仓默认地址只能选择一个, 当前账号不能设置北京仓默认地址.';

  const dealer = dealerRoutes(app, 'address');

  dealer.get('/getAddress', async (ctx) => ({ list: await listAddresses(ctx.db, ctx) }), {
    summary: "The company's addresses",
    answer: AddressList,
  });
  dealer.post('/addAddress', async (ctx, b) => ({ address_id: await addAddress(ctx.db, ctx, b) }), {
    summary: 'Add an address',
    description: rules,
    input: AddressInput,
    answer: AddressSaved,
    msg: ADDRESS_MESSAGES.added,
  });
  dealer.post('/editAddress', async (ctx, b) => ({ address_id: await editAddress(ctx.db, ctx, b.address_id, b) }), {
    summary: 'Edit an address',
    description: `${rules} Unknown or foreign address: 找不到该地址.`,
    input: EditAddressRequest,
    answer: AddressSaved,
    msg: ADDRESS_MESSAGES.edited,
  });
  dealer.post('/delete', (ctx, b) => deleteAddress(ctx.db, ctx.caller, b.address_id), {
    summary: 'Delete an address',
    input: AddressIdRequest,
    msg: ADDRESS_MESSAGES.deleted,
  });
  dealer.get('/setDefault', (ctx, q) => setDefaultAddress(ctx.db, ctx, q.address_id, q.warehouse_type, q.is_default), {
    summary: 'Set or clear a default flag (warehouse_type 1: is_main, 2: other_is_main)',
    input: SetDefaultRequest,
    msg: ADDRESS_MESSAGES.defaultSet,
  });
};

export default routes;
