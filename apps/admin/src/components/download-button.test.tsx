import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reply, stubServerPerTest } from '../../../web/src/test/server/stub-server';
import { firstPage, renderApp, staffMe } from '../test/render-app';

const server = stubServerPerTest();
const EXPORT = 'GET /api/admin/orders/export';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

afterEach(() => vi.restoreAllMocks());

function listRoutes() {
  server.use({
    'GET /api/admin/auth/me': () => staffMe(['finance']),
    'GET /api/admin/orders': () => firstPage([]),
  });
}

describe('the orders export button', () => {
  it("downloads the list's filters once, showing its progress, and saves the file under its name", async () => {
    listRoutes();
    let push: (bytes: Uint8Array) => void = () => {};
    let end: () => void = () => {};
    server.use({
      [EXPORT]: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (bytes) => controller.enqueue(bytes);
              end = () => controller.close();
            },
          }),
          {
            headers: {
              'content-type': XLSX,
              'content-length': '4',
              'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('订单_20261126.xlsx')}`,
            },
          },
        ),
    });
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:orders');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    renderApp('/orders?status=shipped&company_id=7&page=3');
    const button = await screen.findByRole('button', { name: /导出订单/ });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(server.callsTo(EXPORT)).toHaveLength(1));
    push(new Uint8Array([1, 2]));
    expect(await screen.findByText('下载中 50%')).toBeTruthy();
    push(new Uint8Array([3, 4]));
    end();
    expect(await screen.findByText('导出成功')).toBeTruthy();
    expect(saved).toEqual(['订单_20261126.xlsx']);
    expect((createUrl.mock.calls[0]?.[0] as Blob).size).toBe(4);
    expect(server.callsTo(EXPORT)).toHaveLength(1);
    expect(server.callsTo(EXPORT)[0]?.query).toEqual({ status: 'shipped', company_id: '7' });
  });

  it('says a refusal once and saves nothing', async () => {
    listRoutes();
    server.use({ [EXPORT]: () => reply.refused('没有可导出的订单') });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderApp('/orders');
    fireEvent.click(await screen.findByRole('button', { name: /导出订单/ }));
    expect(await screen.findAllByText('没有可导出的订单')).toHaveLength(1);
    expect(click).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: /导出订单/ })).toHaveProperty('disabled', false));
  });
});
