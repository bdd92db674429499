import { queryOptions } from '@tanstack/react-query';
import type {
  AdjustList,
  AdjustListRequest,
  ClientOrdersList,
  ClientOrdersRequest,
  KeepRuleDescription,
} from '@shop/core/api/price-protection';
import { apiPost } from '../../../lib/api-client';
import { pageQuery } from '../../../lib/api-queries';

/** Shop.KeepPrice (spec.md section 7; docs/price-protection.md): the adjustment zone and the company's compensations. */
export const KEEP_PRICE_PATH = '/api/Shop.KeepPrice';

type Filters<T> = Required<Pick<T & { page: number; limit: number }, 'page' | 'limit'>> & Omit<T, 'page' | 'limit'>;

export const keepPriceKeys = {
  all: () => ['keep-price'] as const,
  adjust: (q: Filters<AdjustListRequest>) => [...keepPriceKeys.all(), 'adjust', q] as const,
  lines: (q: Filters<ClientOrdersRequest>) => [...keepPriceKeys.all(), 'lines', q] as const,
  rules: () => [...keepPriceKeys.all(), 'rules'] as const,
};

export const keepPriceQueries = {
  /** The parts whose dealers' price changed ('all'), or the changes that compensated the company ('mine'). */
  adjust: (q: Filters<AdjustListRequest>) =>
    pageQuery<AdjustList>(keepPriceKeys.adjust(q), 'POST', `${KEEP_PRICE_PATH}/getAdjustList`, q, {
      showError: false,
    }),
  /** The company's compensated lines with the totals of the filter. */
  lines: (q: Filters<ClientOrdersRequest>) =>
    pageQuery<ClientOrdersList>(keepPriceKeys.lines(q), 'POST', `${KEEP_PRICE_PATH}/getClientOrdersList`, q, {
      showError: false,
    }),
  rules: () =>
    queryOptions({
      queryKey: keepPriceKeys.rules(),
      queryFn: ({ signal }) =>
        apiPost<KeepRuleDescription>(`${KEEP_PRICE_PATH}/getKeepRuleDescription`, {}, { signal }),
      staleTime: Infinity,
    }),
};
