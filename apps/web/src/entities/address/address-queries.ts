import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddressInput,
  AddressList,
  AddressSaved,
  EditAddressRequest,
  SetDefaultRequest,
} from '@shop/core/api/address';
import { request } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/**
 * The company's delivery addresses (spec.md sections 3, 5 and 7 'Address'), shared by the
 * address page and the settlement page. Saving shows the server's msg on success and failure.
 */
export const ADDRESS_PATH = '/api/Shop.Address';

export const addressKeys = {
  all: () => ['address'] as const,
  list: () => [...addressKeys.all(), 'list'] as const,
};

export const addressQueries = {
  /** GET getAddress: every address of the company, defaults first. */
  list: () =>
    queryOptions({
      queryKey: addressKeys.list(),
      queryFn: async ({ signal }) => (await request<AddressList>('GET', `${ADDRESS_PATH}/getAddress`, { signal })).data,
    }),
};

/** Sends a save and returns data and the server's msg (shown on success). */
async function save<T>(method: 'GET' | 'POST', path: string, payload: object): Promise<{ data: T; msg: string }> {
  const envelope =
    method === 'GET'
      ? await request<T>('GET', path, { query: payload as Record<string, string | number> })
      : await request<T>('POST', path, { body: payload });
  return { data: envelope.data, msg: envelope.msg };
}

export function addAddress(input: AddressInput) {
  return save<AddressSaved>('POST', `${ADDRESS_PATH}/addAddress`, input);
}
export function editAddress(input: EditAddressRequest) {
  return save<AddressSaved>('POST', `${ADDRESS_PATH}/editAddress`, input);
}
export function deleteAddress(addressId: number) {
  return save<null>('POST', `${ADDRESS_PATH}/delete`, { address_id: addressId });
}
/** GET setDefault: warehouse_type 1 sets is_main, 2 sets other_is_main; is_default 0 clears it. */
export function setDefaultAddress(params: SetDefaultRequest) {
  return save<null>('GET', `${ADDRESS_PATH}/setDefault`, {
    address_id: Number(params.address_id),
    warehouse_type: Number(params.warehouse_type ?? 1),
    is_default: params.is_default === 0 || params.is_default === '0' || params.is_default === false ? 0 : 1,
  });
}

function useAddressMutation<V, R extends { msg: string }>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      notify.success(result.msg);
      await queryClient.invalidateQueries({ queryKey: addressKeys.all() });
    },
  });
}

export const useAddAddress = () => useAddressMutation(addAddress);
export const useEditAddress = () => useAddressMutation(editAddress);
export const useDeleteAddress = () => useAddressMutation(deleteAddress);
export const useSetDefaultAddress = () => useAddressMutation(setDefaultAddress);
