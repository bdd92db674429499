import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  DevelopmentDetail,
  DevelopmentItem,
  DevelopmentLikeResponse,
  DevelopmentList,
  DevelopmentListRequest,
} from '@shop/core/api/development';
import { apiPost, apiUpload, request } from '../../lib/api-client';
import { getQuery, pageQuery } from '../../lib/api-queries';
import { invalidateWithUnread, useMarkAllRead } from '../unread-status/unread-status-queries';

/**
 * 'I want to develop' (spec.md section 7 'Development, report, price'): everyone's list (newest or
 * most liked), the account's own list and detail, add, like, mark all read. Keys go from general
 * to specific; changes invalidate the ['development'] prefix (and the unread dot).
 */
export const DEVELOPMENT_PATH = '/api/Shop.CustomerProductDevelopment';

type Paging = { page: number; limit: number };

export const developmentKeys = {
  all: () => ['development'] as const,
  lists: () => [...developmentKeys.all(), 'list'] as const,
  list: (filters: DevelopmentListRequest) => [...developmentKeys.lists(), 'all', filters] as const,
  mine: (paging: Paging) => [...developmentKeys.lists(), 'mine', paging] as const,
  detail: (id: number) => [...developmentKeys.all(), 'detail', id] as const,
};

export const developmentQueries = {
  list: (filters: DevelopmentListRequest) =>
    pageQuery<DevelopmentList>(developmentKeys.list(filters), 'GET', `${DEVELOPMENT_PATH}/list`, filters),
  mine: (paging: Paging) =>
    pageQuery<DevelopmentList>(developmentKeys.mine(paging), 'GET', `${DEVELOPMENT_PATH}/myList`, paging),
  detail: (id: number) => getQuery<DevelopmentDetail>(developmentKeys.detail(id), `${DEVELOPMENT_PATH}/detail`, { id }),
};

/** After requests changed (added, opened, read): the lists and the unread dot load again. */
export function invalidateDevelopment(client: QueryClient): Promise<unknown> {
  return invalidateWithUnread(client, developmentKeys.lists());
}

/** What the add form sends: its fields as text, and the chosen pictures. */
export interface DevelopmentAddInput {
  fields: Record<string, string>;
  pictures: File[];
}

/**
 * POST add: with pictures a multipart upload with progress; without, a plain JSON call.
 * Answers the server's msg.
 */
export async function addDevelopmentRequest(
  input: DevelopmentAddInput,
  onProgress?: (percent: number) => void,
): Promise<string> {
  if (input.pictures.length === 0) {
    const envelope = await request<{ id: number }>('POST', `${DEVELOPMENT_PATH}/add`, { body: input.fields });
    return envelope.msg;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
  for (const file of input.pictures) form.append('pictures', file, file.name);
  let msg = '';
  await apiUpload<{ id: number }>(`${DEVELOPMENT_PATH}/add`, form, { onProgress, onMessage: (m) => (msg = m) });
  return msg;
}

function withCount(list: DevelopmentList | undefined, id: number, likeCount: (item: DevelopmentItem) => number) {
  if (!list) return list;
  return {
    ...list,
    list: list.list.map((item) =>
      item.id === id ? { ...item, liked: 1 as const, like_count: likeCount(item) } : item,
    ),
  };
}

/** Marks a request liked with this count in every loaded list and in its detail. */
function setCount(client: QueryClient, id: number, likeCount: (item: DevelopmentItem) => number): void {
  client.setQueriesData<DevelopmentList>({ queryKey: developmentKeys.lists() }, (list) =>
    withCount(list, id, likeCount),
  );
  client.setQueryData<DevelopmentDetail>(developmentKeys.detail(id), (detail) =>
    detail ? { ...detail, liked: 1, like_count: likeCount(detail) } : detail,
  );
}

/**
 * POST like: the count rises at once in every loaded list (optimistic); a refusal ('您已经点过赞了')
 * puts the lists (and the detail) back as they were, and the server's count is taken when it answers.
 */
export function useLikeDevelopment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<DevelopmentLikeResponse>(`${DEVELOPMENT_PATH}/like`, { id }),
    onMutate: async (id: number) => {
      await client.cancelQueries({ queryKey: developmentKeys.lists() });
      await client.cancelQueries({ queryKey: developmentKeys.detail(id) });
      const before = client.getQueriesData<DevelopmentList>({ queryKey: developmentKeys.lists() });
      const detailBefore = client.getQueryData<DevelopmentDetail>(developmentKeys.detail(id));
      setCount(client, id, (item) => item.like_count + 1);
      return { before, detailBefore };
    },
    onError: (_err, id, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
      if (context?.detailBefore) client.setQueryData(developmentKeys.detail(id), context.detailBefore);
    },
    onSuccess: (data, id) => setCount(client, id, () => data.like_count),
  });
}

/** POST markAllAsRead, toasting the server's msg. */
export function useMarkAllDevelopmentRead() {
  return useMarkAllRead(`${DEVELOPMENT_PATH}/markAllAsRead`, developmentKeys.lists());
}
