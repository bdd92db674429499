import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address (`?status=shipped&page=2`): a reload, the back
 * button or a shared link shows the same list. New filters go back to page 1.
 */
export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100];

export interface UrlQuery<K extends string> {
  filters: Record<K, string>;
  page: number;
  limit: number;
  setFilters(values: Partial<Record<K, string | undefined | null>>): void;
  /** `replace`: in place of the address's entry in the history (a correction, not a step). */
  setPage(page: number, limit?: number, replace?: boolean): void;
}

function positive(value: string | null, fallback: number, allowed?: number[]): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) return fallback;
  return allowed && !allowed.includes(n) ? fallback : n;
}

export function useUrlQuery<K extends string>(keys: readonly K[]): UrlQuery<K> {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => {
    const current = new URLSearchParams(search);
    return Object.fromEntries(keys.map((k) => [k, current.get(k)?.trim() ?? ''])) as Record<K, string>;
    // keys is a constant list of the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const page = positive(params.get('page'), 1);
  const limit = positive(params.get('limit'), DEFAULT_PAGE_SIZE, PAGE_SIZES);

  const setFilters = useCallback(
    (values: Partial<Record<K, string | undefined | null>>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(values) as [string, string | undefined | null][]) {
          const text = typeof v === 'string' ? v.trim() : '';
          if (text) next.set(k, text);
          else next.delete(k);
        }
        next.delete('page');
        return next;
      });
    },
    [setParams],
  );
  const setPage = useCallback(
    (nextPage: number, nextLimit?: number, replace = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (nextPage > 1) next.set('page', String(nextPage));
          else next.delete('page');
          if (nextLimit && nextLimit !== DEFAULT_PAGE_SIZE) next.set('limit', String(nextLimit));
          else if (nextLimit) next.delete('limit');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  return { filters, page, limit, setFilters, setPage };
}

export { PAGE_SIZES };
