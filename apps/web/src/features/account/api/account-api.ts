import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AVATAR_FIELD,
  type AccountSettings,
  type AvatarResponse,
  type ChangePasswordRequest,
  type ChangePhoneRequest,
  type SendSmsRequest,
  type SendSmsResponse,
  type WxStartResponse,
} from '@shop/core/api/account';
import type { AddSonAccountRequest, SonAccount, SonAccountList, UpdateSonAccountRequest } from '@shop/core/api/user';
import { apiGet, apiPost, apiUpload, request } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/** The account's own settings and its sub-accounts (/api/Shop.User/*, docs/account.md). */
const USER = '/api/Shop.User';

export const accountQueries = {
  all: () => ['account'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => apiGet<AccountSettings>(`${USER}/account`, undefined, { signal }),
    }),
  sons: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'sons'] as const,
      queryFn: ({ signal }) => apiPost<SonAccountList>(`${USER}/son_account`, {}, { signal }),
    }),
};

/** POSTs and answers data with the server's msg (the success toast). */
async function post<T>(action: string, body?: object): Promise<{ data: T; msg: string }> {
  const envelope = await request<T>('POST', `${USER}/${action}`, { body: body ?? {} });
  return { data: envelope.data, msg: envelope.msg };
}

export function sendSms(input: SendSmsRequest): Promise<{ data: SendSmsResponse; msg: string }> {
  return post<SendSmsResponse>('sendSms', input);
}

/** A change of the account's data: the server's msg as a toast, the account's queries asked again. */
function useAccountMutation<V, R>(run: (vars: V) => Promise<{ data: R; msg: string }>, alsoUser = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async ({ msg }) => {
      notify.success(msg);
      await queryClient.invalidateQueries({ queryKey: accountQueries.all() });
      if (alsoUser) await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

export function useChangePhone() {
  return useAccountMutation((input: ChangePhoneRequest) => post<null>('changePhone', input), true);
}

export function useChangePassword() {
  return useAccountMutation((input: ChangePasswordRequest) => post<null>('changePassword', input));
}

export function useUploadAvatar() {
  return useAccountMutation(async (file: File) => {
    const form = new FormData();
    form.append(AVATAR_FIELD, file);
    let msg = '';
    const data = await apiUpload<AvatarResponse>(`${USER}/uploadpicture`, form, { onMessage: (m) => (msg = m) });
    return { data, msg };
  });
}

/** Starts binding this account's WeChat: WeChat's QR address (the browser goes there). */
export function startWxBinding(): Promise<{ data: WxStartResponse; msg: string }> {
  return post<WxStartResponse>('binding_wx');
}

export function useUnbindWx() {
  return useAccountMutation((subuserId?: number) =>
    post<null>('unBindWxAccount', subuserId === undefined ? {} : { subuser_id: subuserId }),
  );
}

export function useAddSon() {
  return useAccountMutation((input: AddSonAccountRequest) => post<SonAccount>('add', input), true);
}

export function useUpdateSon() {
  return useAccountMutation((input: UpdateSonAccountRequest) => post<SonAccount>('update', input));
}

export function useDeleteSon() {
  return useAccountMutation((subuserId: number) => post<null>('delete', { subuser_id: subuserId }), true);
}
