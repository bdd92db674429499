import { useSearchParams } from 'react-router';
import { CONSTANTS } from '@shop/core/constants';
import { clampPage, normalizePageSize } from '@shop/core/part-display';

/**
 * page and limit live in the URL (so back and forward work): a page below 1 becomes 1, a size
 * outside 10–200's list the default 10. `setPaging` pushes a history entry.
 */
export function usePaging() {
  const [params, setParams] = useSearchParams();
  const page = clampPage(Number(params.get('page') ?? 1));
  const limit = normalizePageSize(Number(params.get('limit') ?? CONSTANTS.defaultPageSize));
  const setPaging = (nextPage: number, nextLimit: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(nextPage));
    next.set('limit', String(nextLimit));
    setParams(next);
    window.scrollTo?.({ top: 0 });
  };
  return { params, setParams, page, limit, setPaging };
}
