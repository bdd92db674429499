import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CONSTANTS } from '@shop/core/constants';
import { MAX_PAGE } from '@shop/core/api/page';
import { clampPage, normalizePageSize, pageCount } from '@shop/core/part-display';

/**
 * page and limit of a paged list live in the address (so back, forward and reload keep them): a
 * page below 1 or not a number becomes 1, one above MAX_PAGE (what the server takes) MAX_PAGE,
 * which the list then brings back to its last page (`useLastPageClamp`); a size outside 10–200's
 * list, or none, the page's `defaultLimit` (10 unless the page keeps one, e.g. in a cookie). `setPaging` pushes a
 * history entry and scrolls to the top; with `replace` it takes the place of the current entry
 * instead: a correction of the address (a page past the end), so that back does not return to
 * the page that was corrected and be corrected again.
 */
export function usePaging(defaultLimit: number = CONSTANTS.defaultPageSize) {
  const { params, setParams, page } = usePageParam();
  const asked = Number(params.get('limit'));
  const limit = normalizePageSize(normalizePageSize(asked) === asked ? asked : defaultLimit);
  const setPaging = (nextPage: number, nextLimit: number, options?: { replace?: boolean }) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(nextPage));
        next.set('limit', String(nextLimit));
        return next;
      },
      { replace: options?.replace ?? false },
    );
    window.scrollTo?.({ top: 0 });
  };
  return { params, setParams, page, limit, setPaging };
}

/**
 * The page of the address alone, for a list whose page size is its own (not in the address): read
 * as usePaging reads it; `setPage` leaves page 1 out of the address.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.min(clampPage(Number(params.get('page') ?? 1)), MAX_PAGE);
  const setPage = (next: number, options?: { replace?: boolean }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 1) out.delete('page');
        else out.set('page', String(next));
        return out;
      },
      { replace: options?.replace ?? false },
    );
  return { params, setParams, page, setPage };
}

/** Moves to a page (and size); `replace` corrects the address in place instead of a new entry. */
export type SetPaging = ReturnType<typeof usePaging>['setPaging'];

/**
 * A page past the end (an old link, a bookmark, a list whose last row just left it) shows the
 * last page instead of an empty list under '共 n 条', as the pagination bar does with a page
 * typed past the end. The address is corrected in place.
 */
export function useLastPageClamp(
  query: { data?: { total: number } | undefined; isPlaceholderData: boolean },
  page: number,
  limit: number,
  setPaging: SetPaging,
): void {
  // An empty list's last page is page 1.
  const lastPage = query.data ? pageCount(query.data.total, limit) : undefined;
  const pastTheEnd = lastPage !== undefined && page > lastPage && !query.isPlaceholderData;
  useEffect(() => {
    if (pastTheEnd && lastPage !== undefined) setPaging(lastPage, limit, { replace: true });
  }, [pastTheEnd, lastPage, limit, setPaging]);
}
