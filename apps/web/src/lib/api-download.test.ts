import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiDownload, ApiError } from './api-client';
import { notify, notifyError } from './notify';

afterEach(() => vi.restoreAllMocks());

describe('apiDownload', () => {
  it('returns the file and its Chinese name from Content-Disposition', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('购物车_20261122.xlsx')}`,
        },
      }),
    );
    const file = await apiDownload('/api/Shop.Cart/export', { user_name: '' }, '购物车.xlsx');
    expect(file.fileName).toBe('购物车_20261122.xlsx');
    expect(file.blob.size).toBe(4);
  });

  it('an envelope refusal rejects with the server msg, which the caller shows (notifyError) once', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ status: 201, msg: '购物车没有可导出的商品', data: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const failure = await apiDownload('/api/Shop.Cart/export', undefined, '购物车.xlsx').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(error).not.toHaveBeenCalled();
    notifyError(failure);
    expect(error.mock.calls).toEqual([['购物车没有可导出的商品']]);
  });
});
