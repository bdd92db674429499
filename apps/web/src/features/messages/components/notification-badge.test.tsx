import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { CONSTANTS } from '@shop/core/constants';
import { MESSAGE_CATEGORY, MESSAGE_TEXTS } from '@shop/core/api/messages';
import { compensationMessageTexts, PRICE_PROTECTION_TEXTS } from '@shop/core/price-protection';
import { setNotifier } from '../../../lib/notify';
import { registerRoutePaths } from '../../../lib/route-registry';
import { orderKeys } from '../../../entities/order/order-queries';
import { renderWithProviders, testQueryClient } from '../../../test/render-route';
import { fakeSockets } from '../../../test/fake-web-socket';
import { makeMessage, makePush, messageHandlers, type Mailbox } from '../../../test/server/messages-handlers';
import { userHandlers } from '../../../test/server/handlers';
import { stubServerPerTest } from '../../../test/server/stub-server';
import { NotificationBadge } from './notification-badge';

const toasts: string[] = [];
let mailbox: Mailbox;
const server = stubServerPerTest(() => {
  mailbox = { messages: [makeMessage(1), makeMessage(2), makeMessage(3, { read: 1 })] };
  return { ...userHandlers(), ...messageHandlers(mailbox) };
});

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

let fake: ReturnType<typeof fakeSockets>;

function renderBadge() {
  fake = fakeSockets();
  const client = testQueryClient();
  renderWithProviders(
    <>
      <NotificationBadge createSocket={fake.create} />
      <Location />
    </>,
    { client },
  );
  return client;
}

const badge = () => screen.getByRole('button', { name: /消息 \(|已断开/ });

/** 1 s after mount, once the categories are there, the socket opens. */
async function openSocket() {
  await act(() => vi.advanceTimersByTimeAsync(CONSTANTS.notificationConnectDelayMs));
  await waitFor(() => expect(fake.sockets).toHaveLength(1));
}

/** The connection is made 1 s after mount; the server accepts it. */
async function connect() {
  await screen.findByText('消息 (2)');
  expect(fake.sockets).toHaveLength(0);
  await openSocket();
  act(() => fake.last()!.open());
  return fake.last()!;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  toasts.length = 0;
  setNotifier({ error: (t) => toasts.push(t), success: (t) => toasts.push(t) });
  registerRoutePaths(['/profile/system_msg', '/profile/system_msg/detail']);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('NotificationBadge', { timeout: 20_000 }, () => {
  it('shows the unread count and flashes once the connection is live; a click opens the message centre', async () => {
    renderBadge();
    const socket = await connect();
    // The first identity asks for what is newer than the menu knows (its newest message is 3).
    expect(socket.sent).toEqual(['shop_7:3']);
    await waitFor(() => expect(badge().dataset.state).toBe('flashing'));
    fireEvent.click(badge());
    expect(screen.getByTestId('location').textContent).toBe('/profile/system_msg');
  });

  it('does not flash without unread messages', async () => {
    renderBadge();
    for (const m of mailbox.messages) m.read = 1;
    await screen.findByText(/消息 \(/);
    await openSocket();
    act(() => fake.last()!.open());
    await screen.findByText('消息 (0)');
    expect(badge().dataset.state).toBe('normal');
  });

  it('a lost connection shows 已断开 and says so; a click reconnects and says 消息已连接', async () => {
    renderBadge();
    const socket = await connect();
    act(() => socket.fail());
    await screen.findByText('已断开');
    expect(toasts).toEqual([MESSAGE_TEXTS.connectFailed]);
    fireEvent.mouseEnter(badge());
    expect(await screen.findByText('点击重新连接')).toBeTruthy();
    fireEvent.click(badge());
    expect(fake.sockets).toHaveLength(2);
    act(() => fake.last()!.open());
    await screen.findByText('消息 (2)');
    expect(toasts).toEqual([MESSAGE_TEXTS.connectFailed, MESSAGE_TEXTS.connected]);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('a push with is_eject = 1 pops up once per tip_id, raises the count, and [] clears the popups', async () => {
    renderBadge();
    const socket = await connect();
    const menuCalls = server.callsTo('GET /api/Tip.Tip/menu_list').length;
    mailbox.messages.push(makeMessage(4));
    act(() => socket.receive(makePush(4, { tip_name: '订单已发货 SO4' })));
    act(() => socket.receive(makePush(4, { tip_name: '订单已发货 SO4' })));
    act(() => socket.receive(makePush(5, { tip_name: '小提示', pop_type: 2 })));
    act(() => socket.receive(makePush(6, { tip_name: '不弹出', is_eject: 0 })));
    expect(await screen.findAllByText('订单已发货 SO4')).toHaveLength(1);
    expect(screen.getByText('小提示').closest('[data-pop]')?.getAttribute('data-pop')).toBe('small');
    expect(screen.queryByText('不弹出')).toBeNull();
    await screen.findByText('消息 (3)');
    expect(server.callsTo('GET /api/Tip.Tip/menu_list').length).toBeGreaterThan(menuCalls);
    act(() => socket.receive('[]'));
    expect(screen.queryByRole('region', { name: '新消息' })).toBeNull();
  });

  it('a popup click opens the message detail and closes the popup', async () => {
    renderBadge();
    const socket = await connect();
    act(() => socket.receive(makePush(9, { tip_name: '退货已受理' })));
    fireEvent.click(await screen.findByText('退货已受理'));
    expect(screen.getByTestId('location').textContent).toBe('/profile/system_msg/detail?id=9');
    expect(screen.queryByText('退货已受理')).toBeNull();
  });

  it('a bill message (category 5) leads to the bill page once it exists, read on the way', async () => {
    registerRoutePaths(['/profile/system_msg', '/profile/system_msg/detail', '/profile/bill']);
    renderBadge();
    const socket = await connect();
    act(() => socket.receive(makePush(20, { tip_name: '11月对账单', category_id: MESSAGE_CATEGORY.bill })));
    fireEvent.click(await screen.findByText('11月对账单'));
    expect(screen.getByTestId('location').textContent).toBe('/profile/bill');
    await waitFor(() => expect(server.callsTo('POST /api/Tip.Tip/readTip')).toHaveLength(1));
    expect(server.callsTo('POST /api/Tip.Tip/readTip')[0]?.body).toMatchObject({ type: 1, tip_id: 20 });
  });

  it('a price-protection compensation popup names the bill and opens the bill page', async () => {
    registerRoutePaths(['/profile/system_msg', '/profile/system_msg/detail', '/profile/bill']);
    renderBadge();
    const socket = await connect();
    const texts = compensationMessageTexts('点火线圈（FR102-0000201）');
    expect(texts.word).toContain('请在“对账单”中查看');
    expect(texts.word).not.toContain('价格保护');
    act(() =>
      socket.receive(
        makePush(22, {
          tip_name: PRICE_PROTECTION_TEXTS.messageTitle,
          category_id: MESSAGE_CATEGORY.bill,
          tip_description: texts.description,
          tip_word: texts.word,
          link: '/profile/bill',
        }),
      ),
    );
    const popup = await screen.findByRole('alert');
    expect(popup.textContent).toContain('价保补偿已计入对账单');
    fireEvent.click(screen.getByText(PRICE_PROTECTION_TEXTS.messageTitle));
    expect(screen.getByTestId('location').textContent).toBe('/profile/bill');
  });

  it('without the bill page a bill message opens on the message detail', async () => {
    renderBadge();
    const socket = await connect();
    act(() => socket.receive(makePush(21, { tip_name: '12月对账单', category_id: MESSAGE_CATEGORY.bill })));
    fireEvent.click(await screen.findByText('12月对账单'));
    expect(screen.getByTestId('location').textContent).toBe('/profile/system_msg/detail?id=21');
    expect(server.callsTo('POST /api/Tip.Tip/readTip')).toHaveLength(0);
  });

  it('a push about an order refreshes that order and the order lists, not other orders', async () => {
    const client = renderBadge();
    client.setQueryData(orderKeys.detail(12), { order_id: 12 });
    client.setQueryData(orderKeys.detail(13), { order_id: 13 });
    client.setQueryData(orderKeys.list({ page: 1, limit: 10 } as never), { list: [], total: 0 });
    const socket = await connect();
    act(() => socket.receive(makePush(10, { order_id: 12, is_eject: 0 })));
    await waitFor(() => expect(client.getQueryState(orderKeys.detail(12))?.isInvalidated).toBe(true));
    expect(client.getQueryState(orderKeys.list({ page: 1, limit: 10 } as never))?.isInvalidated).toBe(true);
    expect(client.getQueryState(orderKeys.detail(13))?.isInvalidated).toBe(false);
  });
});
