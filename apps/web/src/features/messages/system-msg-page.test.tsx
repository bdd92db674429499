import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { MESSAGE_CATEGORY, MESSAGE_TEXTS } from '@shop/core/api/messages';
import { getCookie, removeCookie, setCookie } from '../../lib/cookies';
import { setNotifier } from '../../lib/notify';
import { registerRoutePaths } from '../../lib/route-registry';
import { renderRoutes } from '../../test/render-route';
import { makeMessage, messageHandlers, type Mailbox } from '../../test/server/messages-handlers';
import { userHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import SystemMsgDetailPage from './system-msg-detail-page';
import SystemMsgPage from './system-msg-page';

// Antd's table and date picker render slowly on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const toasts: string[] = [];
let mailbox: Mailbox;
const server = stubServerPerTest(() => {
  mailbox = {
    messages: [
      makeMessage(1, { tip_name: '订单已提交', read: 1 }),
      makeMessage(2, { tip_name: '订单已发货' }),
      makeMessage(3, { tip_name: '退货已受理', category_id: MESSAGE_CATEGORY.return, number: 'TH3' }),
      makeMessage(4, { tip_name: '隐藏的消息', category_id: MESSAGE_CATEGORY.hidden }),
    ],
  };
  return { ...userHandlers(), ...messageHandlers(mailbox) };
});

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

const routes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <Location />
      </>
    ),
    children: [
      { path: '/profile/system_msg', Component: SystemMsgPage },
      { path: '/profile/system_msg/detail', Component: SystemMsgDetailPage },
    ],
  },
];

const location = () => screen.getByTestId('location').textContent ?? '';
const listCalls = () =>
  server.callsTo('POST /api/Tip.Tip/shop_tip_list').filter((c) => !(c.body as { tip_id?: number }).tip_id);

beforeEach(() => {
  toasts.length = 0;
  setNotifier({ error: (t) => toasts.push(t), success: (t) => toasts.push(t) });
  registerRoutePaths(['/profile/system_msg', '/profile/system_msg/detail']);
});
afterEach(() => removeCookie('system_msg_limit'));

describe('/profile/system_msg', { timeout: 20_000 }, () => {
  it('lists the categories with their unread counts (never category 18) and the messages, newest first', async () => {
    renderRoutes(routes, ['/profile/system_msg']);
    const menu = await screen.findByRole('navigation', { name: '消息分类' });
    await waitFor(() => expect(within(menu).getByRole('button', { name: /全部消息/ }).textContent).toContain('2'));
    expect(within(menu).getByRole('button', { name: /退货消息/ }).textContent).toContain('1');
    expect(within(menu).queryByText('隐藏分类')).toBeNull();
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getByRole('button').textContent)).toEqual([
      '退货已受理',
      '订单已发货',
      '订单已提交',
    ]);
    expect(listCalls()[0]?.body).toMatchObject({ limit: 10, page: 1, category_id: 0 });
  });

  it('takes the page size from the system_msg_limit cookie and filters by category, title, number and day', async () => {
    setCookie('system_msg_limit', '20');
    renderRoutes(routes, ['/profile/system_msg']);
    await screen.findByText('退货已受理');
    expect(listCalls()[0]?.body).toMatchObject({ limit: 20 });
    fireEvent.click(screen.getByRole('button', { name: /退货消息/ }));
    await waitFor(() => expect(location()).toBe('/profile/system_msg?category_id=2'));
    await waitFor(() => expect(screen.queryByText('订单已发货')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /全部消息/ }));
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: ' 发货 ' } });
    fireEvent.change(screen.getByLabelText('单号'), { target: { value: 'SO2' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(listCalls().at(-1)?.body).toMatchObject({ tip_name: '发货', number: 'SO2', category_id: 0 }),
    );
    await waitFor(() => expect(screen.queryByText('退货已受理')).toBeNull());
    expect(screen.getByText('订单已发货')).toBeTruthy();
  });

  it('takes every size the pagination bar offers from the cookie, 200 too', async () => {
    setCookie('system_msg_limit', '200');
    renderRoutes(routes, ['/profile/system_msg']);
    await screen.findByText('退货已受理');
    expect(listCalls()[0]?.body).toMatchObject({ limit: 200 });
    expect(getCookie('system_msg_limit')).toBe('200');
  });

  it.each(['30', '1000', 'abc', '20.5'])(
    'a cookie holding a size the bar does not offer (%s) falls back to 10 and is dropped',
    async (saved) => {
      setCookie('system_msg_limit', saved);
      renderRoutes(routes, ['/profile/system_msg']);
      await screen.findByText('退货已受理');
      expect(listCalls()[0]?.body).toMatchObject({ limit: 10, page: 1 });
      expect(getCookie('system_msg_limit')).toBeUndefined();
    },
  );

  it('an address edited by hand (a hidden category, an unknown type, an impossible day) lists everything and is corrected', async () => {
    renderRoutes(routes, ['/profile/system_msg?category_id=18&type=9&adjust_price_time=2024-99-99']);
    await screen.findByText('退货已受理');
    expect(listCalls()[0]?.body).toMatchObject({ category_id: 0, type: 0, adjust_price_time: '' });
    expect((screen.getByLabelText('日期') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(location()).toBe('/profile/system_msg'));
  });

  it('opening a message shows it, marks it read and reloads the menu and the list', async () => {
    renderRoutes(routes, ['/profile/system_msg']);
    fireEvent.click(await screen.findByRole('button', { name: '订单已发货' }));
    await waitFor(() => expect(location()).toBe('/profile/system_msg/detail?id=2'));
    expect(await screen.findByText('您的订单 SO2 已发货，请留意查收。')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('POST /api/Tip.Tip/readTip')).toHaveLength(1));
    expect(server.callsTo('POST /api/Tip.Tip/readTip')[0]?.body).toMatchObject({ type: 1, tip_id: 2 });
    const menuCalls = server.callsTo('GET /api/Tip.Tip/menu_list').length;
    fireEvent.click(screen.getByRole('link', { name: '返回消息中心' }));
    await screen.findByRole('navigation', { name: '消息分类' });
    await waitFor(() => expect(server.callsTo('GET /api/Tip.Tip/menu_list').length).toBeGreaterThan(menuCalls));
    const row = (await screen.findByRole('button', { name: '订单已发货' })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('已读')).toBeTruthy());
    expect(server.callsTo('POST /api/Tip.Tip/readTip')).toHaveLength(1);
  });

  it('全部标为已读 reads every message of the category', async () => {
    renderRoutes(routes, ['/profile/system_msg']);
    const button = await screen.findByRole('button', { name: '全部标为已读' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(toasts).toContain(MESSAGE_TEXTS.allRead));
    expect(server.callsTo('POST /api/Tip.Tip/readTip')[0]?.body).toMatchObject({ type: 2, category_id: 0 });
    await waitFor(() => expect(within(screen.getByRole('table')).queryAllByText('未读')).toHaveLength(0));
    expect(within(screen.getByRole('table')).getAllByText('已读')).toHaveLength(3);
  });
});

describe('/profile/system_msg/detail', { timeout: 20_000 }, () => {
  it('previous / next stay within the list and say where it ends', async () => {
    renderRoutes(routes, ['/profile/system_msg/detail?id=3']);
    await screen.findByRole('heading', { name: '退货已受理' });
    fireEvent.click(await screen.findByRole('button', { name: /上一条/ }));
    await waitFor(() => expect(toasts).toContain(MESSAGE_TEXTS.first));
    fireEvent.click(screen.getByRole('button', { name: /下一条/ }));
    await screen.findByRole('heading', { name: '订单已发货' });
    fireEvent.click(await screen.findByRole('button', { name: /下一条/ }));
    await screen.findByRole('heading', { name: '订单已提交' });
    fireEvent.click(await screen.findByRole('button', { name: /下一条/ }));
    await waitFor(() => expect(toasts).toContain(MESSAGE_TEXTS.last));
    expect(location()).toBe('/profile/system_msg/detail?page=1&limit=10&id=1');
  });

  it('next crosses to the following page of the list', async () => {
    for (let id = 10; id < 20; id += 1) mailbox.messages.push(makeMessage(id, { read: 1 }));
    renderRoutes(routes, ['/profile/system_msg/detail?id=10']);
    await screen.findByRole('heading', { name: '订单已发货 10' });
    fireEvent.click(await screen.findByRole('button', { name: /下一条/ }));
    await screen.findByRole('heading', { name: '退货已受理' });
    expect(location()).toBe('/profile/system_msg/detail?page=2&limit=10&id=3');
    fireEvent.click(await screen.findByRole('button', { name: /上一条/ }));
    await screen.findByRole('heading', { name: '订单已发货 10' });
    expect(location()).toContain('page=1');
  });

  it('an unknown, hidden or malformed id is 无效的消息，请反馈', async () => {
    renderRoutes(routes, ['/profile/system_msg/detail?id=999']);
    expect(await screen.findByText(MESSAGE_TEXTS.invalid)).toBeTruthy();
    expect(server.callsTo('POST /api/Tip.Tip/readTip')).toHaveLength(0);
  });

  it('a malformed id asks nothing of the server', async () => {
    renderRoutes(routes, ['/profile/system_msg/detail?id=abc']);
    expect(await screen.findByText(MESSAGE_TEXTS.invalid)).toBeTruthy();
    expect(server.callsTo('POST /api/Tip.Tip/shop_tip_list')).toHaveLength(0);
  });

  it('a message of the hidden category is not shown either', async () => {
    renderRoutes(routes, ['/profile/system_msg/detail?id=4']);
    expect(await screen.findByText(MESSAGE_TEXTS.invalid)).toBeTruthy();
  });
});
