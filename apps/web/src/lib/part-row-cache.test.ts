import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { testProductRow } from '../test/fixtures';
import { patchCachedPartRows } from './part-row-cache';

function cacheWith() {
  const client = new QueryClient();
  const page = { total: 2, page: 1, limit: 10, list: [testProductRow(1), testProductRow(2)] };
  const other = { total: 1, page: 1, limit: 10, list: [testProductRow(3)] };
  const batch = {
    groups: [
      { line: 1, number: 'A', list: [testProductRow(1)] },
      { line: 2, number: 'B', list: [testProductRow(3)] },
    ],
    found: 2,
    not_found: 0,
  };
  const detail = { ...testProductRow(1), l_spec_zh: '' };
  const cart = { cart_count: 1 };
  client.setQueryData(['stock-arrivals', 'out', { page: 1 }], page);
  client.setQueryData(['stock-arrivals', 'notice', { page: 1 }], other);
  client.setQueryData(['batch'], batch);
  client.setQueryData(['detail', 1], detail);
  client.setQueryData(['cart'], cart);
  return { client, page, other, batch, detail, cart };
}

describe('patchCachedPartRows', () => {
  it('patches the part wherever it is cached: a page of rows, a multi-number result, the detail', () => {
    const { client, other, cart } = cacheWith();
    patchCachedPartRows(client, 1, { is_view_stock: 1, frey_stock: 81 });
    const page = client.getQueryData<{ list: { product_id: number; frey_stock: number }[] }>([
      'stock-arrivals',
      'out',
      { page: 1 },
    ])!;
    expect(page.list.map((r) => [r.product_id, r.frey_stock])).toEqual([
      [1, 81],
      [2, testProductRow(2).frey_stock],
    ]);
    const batch = client.getQueryData<{ groups: { list: { frey_stock: number }[] }[] }>(['batch'])!;
    expect(batch.groups[0]!.list[0]!.frey_stock).toBe(81);
    expect(client.getQueryData<{ is_view_stock: number }>(['detail', 1])!.is_view_stock).toBe(1);
    // Answers without the part are the same objects.
    expect(client.getQueryData(['stock-arrivals', 'notice', { page: 1 }])).toBe(other);
    expect(client.getQueryData(['cart'])).toBe(cart);
  });

  it('a favourite or an alert marks the pages of rows stale (a list may gain the part), not the rest', () => {
    const { client } = cacheWith();
    const state = (key: unknown[]) => client.getQueryCache().find({ queryKey: key, exact: true })!.state;
    patchCachedPartRows(client, 1, { is_view_stock: 1 });
    expect(state(['stock-arrivals', 'notice', { page: 1 }]).isInvalidated).toBe(false);
    patchCachedPartRows(client, 1, { is_apply: 1 });
    expect(state(['stock-arrivals', 'notice', { page: 1 }]).isInvalidated).toBe(true);
    expect(state(['stock-arrivals', 'out', { page: 1 }]).isInvalidated).toBe(true);
    expect(state(['batch']).isInvalidated).toBe(false);
    expect(state(['cart']).isInvalidated).toBe(false);
  });
});
