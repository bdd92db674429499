import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { stubServer, reply } from '../test/server/stub-server';
import { apiGet, apiPost, setLoginExpiredHandler } from './api-client';
import { setNotifier } from './notify';
import { createQueryClient } from './query-client';

const toasts: string[] = [];

beforeEach(() => {
  toasts.length = 0;
  setNotifier({ error: (text) => toasts.push(text), success: () => undefined });
  setLoginExpiredHandler(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = () => createQueryClient({ defaultOptions: { queries: { retry: false } } });

describe('errors are shown once, by the caches', () => {
  it('a failed query shows its message once, however many screens watch it', async () => {
    stubServer({ 'GET /api/Shop.Cart/count': () => reply.refused('购物车不可用') });
    const qc = client();
    const options = { queryKey: ['cart', 'count'], queryFn: () => apiGet('/api/Shop.Cart/count') };
    const a = new QueryObserver(qc, options);
    const b = new QueryObserver(qc, options);
    const unsubscribe = [a.subscribe(() => {}), b.subscribe(() => {})];
    await vi.waitFor(() => expect(qc.getQueryState(['cart', 'count'])?.status).toBe('error'));
    expect(toasts).toEqual(['购物车不可用']);
    unsubscribe.forEach((u) => u());
  });

  it('a query whose screen shows the error itself (meta.showError false) shows no toast', async () => {
    stubServer({ 'GET /api/x': () => reply.serverError('数据库不可用') });
    const qc = client();
    await expect(
      qc.fetchQuery({ queryKey: ['x'], queryFn: () => apiGet('/api/x'), meta: { showError: false } }),
    ).rejects.toMatchObject({ message: '数据库不可用' });
    expect(toasts).toEqual([]);
  });

  it('a failed mutation shows its message once; one that opts out shows none', async () => {
    stubServer({ 'POST /api/Shop.Cart/add': () => reply.refused('北京仓暂无库存') });
    const qc = client();
    const add = () => apiPost('/api/Shop.Cart/add', {});
    await expect(qc.getMutationCache().build(qc, { mutationFn: add }).execute(undefined)).rejects.toThrow();
    expect(toasts).toEqual(['北京仓暂无库存']);
    await expect(
      qc
        .getMutationCache()
        .build(qc, { mutationFn: add, meta: { showError: false } })
        .execute(undefined),
    ).rejects.toThrow();
    expect(toasts).toEqual(['北京仓暂无库存']);
  });

  it('an expired login is said once, by the api client, not again by the cache', async () => {
    stubServer({ 'GET /api/Shop.User/info': () => reply.loginExpired() });
    const qc = client();
    await expect(qc.fetchQuery({ queryKey: ['user'], queryFn: () => apiGet('/api/Shop.User/info') })).rejects.toThrow();
    expect(toasts).toEqual(['登录已过期，请重新登录']);
  });
});
