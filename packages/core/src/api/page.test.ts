import { describe, expect, it } from 'vitest';
import { CONSTANTS } from '../constants';
import { TipListRequest } from './messages';
import { DevelopmentListRequest } from './development';
import { FeedbackListRequest } from './feedback';
import { NewArrivalListRequest } from './home';
import { PageRequest } from './parts';
import { StatementListQuery } from './statements';
import { GiftListQuery, LedgerQuery } from './points';
import { MAX_PAGE_SIZE } from './page';

/** The request schemas of the dealer lists shown with the pagination bar. */
const DEALER_LISTS = {
  TipListRequest,
  DevelopmentListRequest,
  FeedbackListRequest,
  NewArrivalListRequest,
  PageRequest,
  StatementListQuery,
  GiftListQuery,
  LedgerQuery,
};

describe('the page sizes of the dealer lists', () => {
  it('take the largest size the pagination bar offers as their maximum', () => {
    expect(MAX_PAGE_SIZE).toBe(200);
    expect(MAX_PAGE_SIZE).toBe(CONSTANTS.pageSizes[CONSTANTS.pageSizes.length - 1]);
  });

  it.each(Object.entries(DEALER_LISTS))('%s accepts every size the pagination bar offers', (_, schema) => {
    for (const limit of CONSTANTS.pageSizes) expect(schema.parse({ limit }).limit).toBe(limit);
  });

  it('refuses a size past the largest in Chinese', () => {
    const refused = TipListRequest.safeParse({ limit: MAX_PAGE_SIZE + 1 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('每页最多 200 条');
    expect(PageRequest.safeParse({ limit: 30 }).error?.issues[0]?.message).toBe(
      '每页条数只能是 10、20、50、100、150 或 200',
    );
  });
});
