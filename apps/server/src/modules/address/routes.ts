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
import { emptyEnvelope, ok } from '../../lib/envelope';
import { answers, loginRoute } from '../../lib/route-options';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './service';

/** /api/Shop.Address/* (spec.md section 7 'Address'): the company's addresses, login required. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const rules =
    'Messages: 请输入收货人, 请选择省市区, 请输入手机号码, 请输入正确的手机号, 请输入详细地址, 请输入物流信息 (one brand), ' +
    '广州仓默认地址和北京仓默认地址只能选择一个, 当前账号不能设置北京仓默认地址.';

  app.get(
    '/getAddress',
    loginRoute('address', "The company's addresses", { response: answers(AddressList) }),
    async (request) => ok({ list: await listAddresses(app.db, request.ctx.asDealer()) }),
  );

  app.post(
    '/addAddress',
    loginRoute('address', 'Add an address', {
      description: rules,
      body: AddressInput,
      response: answers(AddressSaved),
    }),
    async (request) =>
      ok({ address_id: await addAddress(app.db, request.ctx.asDealer(), request.body) }, ADDRESS_MESSAGES.added),
  );

  app.post(
    '/editAddress',
    loginRoute('address', 'Edit an address', {
      description: `${rules} Unknown or foreign address: 找不到该地址.`,
      body: EditAddressRequest,
      response: answers(AddressSaved),
    }),
    async (request) =>
      ok(
        { address_id: await editAddress(app.db, request.ctx.asDealer(), request.body.address_id, request.body) },
        ADDRESS_MESSAGES.edited,
      ),
  );

  app.post(
    '/delete',
    loginRoute('address', 'Delete an address', {
      body: AddressIdRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      await deleteAddress(app.db, request.auth, request.body.address_id);
      return ok(null, ADDRESS_MESSAGES.deleted);
    },
  );

  app.get(
    '/setDefault',
    loginRoute('address', 'Set or clear a default flag (warehouse_type 1: is_main, 2: other_is_main)', {
      querystring: SetDefaultRequest,
      response: { 200: emptyEnvelope },
    }),
    async (request) => {
      const q = request.query;
      await setDefaultAddress(app.db, request.ctx.asDealer(), q.address_id, q.warehouse_type, q.is_default);
      return ok(null, ADDRESS_MESSAGES.defaultSet);
    },
  );
};

export default routes;
