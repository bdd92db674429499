import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDetail, QuestionList } from '@shop/core/api/parts';
import { BRAND_VARIANTS } from '@shop/core/brand-variants';
import type { UserProfile } from '@shop/core/api/user';
import { notesPerTest } from '../../test/notes';
import { renderWithProviders } from '../../test/render-route';
import { makePartDetail, makeProfile } from '../../test/server/factories';
import { partDetailHandlers, partHandlers, userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { beijingEnabledFor, galleryPictures } from './detail-rules';
import { PartDetailView } from './part-detail-view';
import type { DetailTab } from './detail-tabs';

const detail = (over: Partial<ProductDetail> = {}): ProductDetail =>
  makePartDetail(7, {
    product_name: '前刹车片',
    l_name_zh: '前刹车片',
    frey_no: 'FR-1001',
    number: 'A0004200420',
    brand_name: 'FREY',
    pic: ['/media/p/7-1.svg'],
    frey_stock: 150,
    available_stock: 150,
    beijing_stock: 5,
    my_stock: 150,
    is_orderable: 0,
    outbox_fcl_quantity: 10,
    engines: 'M274,M264',
    order_list: [
      {
        create_date: '2026-10-01 10:00',
        orders_no: 'SO20261001001',
        orders_id: 31,
        status_cn: '已完成',
        quantity: 2,
        price: '100.00',
      },
    ],
    attributes: {
      box: '10个/箱',
      type_name: '刹车片',
      oe_amount: 1,
      shelf_name: 'A-01',
      color: '黑色',
      description: '',
    },
    ...over,
  });

const profile = (over: Partial<UserProfile> = {}): UserProfile =>
  makeProfile({ subuser_id: 1, username: 'demo', company_name: '测试公司', ...over });

const server = stubServerPerTest();
const notes = notesPerTest();

/** The detail page's routes: the part, the account (asked by the page), its questions. */
const standard = (d: ProductDetail, p: UserProfile = profile(), q?: QuestionList) => ({
  ...userHandlers(p),
  ...partDetailHandlers(d, q),
});

function renderView(props: { requestedTab?: DetailTab; productId?: number } = {}) {
  return renderWithProviders(<PartDetailView productId={props.productId ?? 7} requestedTab={props.requestedTab} />, {
    profile: null,
  });
}

const callsTo = (route: string) => server.callsTo(route);

const activeTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('PartDetailView tabs', () => {
  const carousel = { product_carousel_id: 1, description: '原厂品质', items: [{ file_path_text: '/media/c/1.svg' }] };

  it('opens the advantage tab first when the part has a carousel', async () => {
    server.use(standard(detail({ product_carousel: carousel })));
    renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(tabNames()[0]).toBe('产品优势');
    expect(activeTab()).toBe('产品优势');
  });

  it('has no advantage tab without a carousel and opens 配件信息', async () => {
    server.use(standard(detail()));
    renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(tabNames()).not.toContain('产品优势');
    expect(activeTab()).toBe('配件信息');
  });

  it('opens a requested tab even when a carousel exists', async () => {
    server.use(standard(detail({ product_carousel: carousel })));
    renderView({ requestedTab: 'video' });
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(activeTab()).toBe('相关视频');
    expect(await screen.findByText('未找到相关视频')).toBeTruthy();
    const [search] = callsTo('POST /api/Tools.Video/search');
    expect(search?.body).toEqual({ limit: 20, product_name: '前刹车片' });
  });

  it('falls back to the default when the requested advantage tab does not exist', async () => {
    server.use(standard(detail()));
    renderView({ requestedTab: 'advantage' });
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(activeTab()).toBe('配件信息');
  });

  it('shows the purchase-record tab to main and purchase accounts only, with order links', async () => {
    server.use(standard(detail(), profile({ is_main: 0, is_purchase: 0 })));
    const first = renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(tabNames()).not.toContain('购买记录');
    first.unmount();

    server.use(standard(detail(), profile({ is_main: 0, is_purchase: 1 })));
    renderView({ requestedTab: 'purchase' });
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(activeTab()).toBe('购买记录');
    const link = screen.getByRole('link', { name: 'SO20261001001' });
    expect(link.getAttribute('href')).toBe('/profile/myorder/detail?id=31');
  });

  it('shows the empty purchase text when a main account has no records', async () => {
    server.use(standard(detail({ order_list: [] })));
    renderView({ requestedTab: 'purchase' });
    expect(await screen.findByText('未查询到购买记录')).toBeTruthy();
  });

  it('shows a not-found state for an unknown id', async () => {
    server.use({
      ...standard(detail()),
      'GET /api/Shop.Accessories/getDetail': () => reply.refused('商品不存在'),
    });
    renderView({ productId: 999999 });
    expect(await screen.findByText('商品不存在或已下架')).toBeTruthy();
    expect(screen.getByText('商品不存在')).toBeTruthy();
  });

  it('shows the not-found state, without a request, for an id beyond the largest id', async () => {
    server.use(standard(detail()));
    renderView({ productId: 99_999_999_999 });
    expect(await screen.findByText('商品不存在或已下架')).toBeTruthy();
    expect(screen.getByText('请检查商品链接是否正确')).toBeTruthy();
    expect(callsTo('GET /api/Shop.Accessories/getDetail')).toHaveLength(0);
  });

  it('a server fault is not a missing part: it can be retried', async () => {
    let calls = 0;
    server.use({
      ...standard(detail()),
      'GET /api/Shop.Accessories/getDetail': () =>
        ++calls === 1 ? reply.serverError('数据库繁忙，请稍后再试') : detail(),
    });
    renderView();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.queryByText('商品不存在或已下架')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('tab', { name: '配件信息' })).toBeTruthy();
  });
});

describe('PartDetailView questions', () => {
  const unread: QuestionList = {
    has_unread: 1,
    list: [
      {
        id: 11,
        ask_questions: '能配奔驰C200吗？',
        created_at: '2026-10-01 09:00',
        reply_contente: '可以',
        reply_time: '2026-10-01 10:00',
        reply_pic: [],
        unread: 1,
      },
      {
        id: 12,
        ask_questions: '有现货吗？',
        created_at: '2026-10-02 09:00',
        reply_contente: '有',
        reply_time: '2026-10-02 10:00',
        reply_pic: [],
        unread: 0,
      },
      {
        id: 13,
        ask_questions: '质保多久？',
        created_at: '2026-10-03 09:00',
        reply_contente: '一年',
        reply_time: '2026-10-03 10:00',
        reply_pic: [],
        unread: 1,
      },
    ],
  };

  it('marks all unread answers read when the questions tab is opened, not before', async () => {
    server.use({
      ...standard(detail(), profile(), unread),
    });
    renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    await screen.findByTestId('questions-unread');
    expect(callsTo('POST /api/Shop.RelatedQuestions/markAllAsRead')).toHaveLength(0);

    fireEvent.click(screen.getByRole('tab', { name: /相关问题/ }));
    await waitFor(() => expect(callsTo('POST /api/Shop.RelatedQuestions/markAllAsRead')).toHaveLength(1));
    expect(callsTo('POST /api/Shop.RelatedQuestions/markAllAsRead')[0]?.body).toEqual({
      related_question_ids: '11,13',
    });
    // The dots stay for this visit; the tab's dot goes.
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId('questions-unread')).toBeNull());
  });

  it('does not mark anything when nothing is unread', async () => {
    server.use({
      ...standard(detail(), profile(), {
        ...unread,
        has_unread: 0,
        list: unread.list.map((q) => ({ ...q, unread: 0 as const })),
      }),
    });
    renderView({ requestedTab: 'questions' });
    expect(await screen.findByText('能配奔驰C200吗？')).toBeTruthy();
    expect(callsTo('POST /api/Shop.RelatedQuestions/markAllAsRead')).toHaveLength(0);
  });

  it("fetches a staff answer's uploaded picture with the login, a public one by its address", async () => {
    server.use({
      ...standard(detail(), profile(), {
        has_unread: 0,
        list: [
          {
            ...unread.list[0]!,
            unread: 0,
            reply_pic: ['/api/Base/file/pictures/3/answer.png', '/media/parts/brake-pad-1.svg'],
          },
        ],
      }),
      'GET /api/Base/file/pictures/3/answer.png': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
    });
    renderView({ requestedTab: 'questions' });
    expect(await screen.findByText('能配奔驰C200吗？')).toBeTruthy();
    await waitFor(() => expect(callsTo('GET /api/Base/file/pictures/3/answer.png')).toHaveLength(1));
    const pictures = screen.getAllByRole('img', { name: '回复图片' });
    expect(pictures).toHaveLength(2);
    expect(pictures.some((img) => img.getAttribute('src')?.endsWith('/media/parts/brake-pad-1.svg'))).toBe(true);
  });

  it('shows 暂无问题 for a part without questions', async () => {
    server.use(standard(detail()));
    renderView({ requestedTab: 'questions' });
    expect(await screen.findByText('暂无问题')).toBeTruthy();
  });

  it('refuses an empty (blank) question and blocks a double submit while sending', async () => {
    let release: () => void = () => {};
    server.use({
      ...standard(detail()),
      'POST /api/Shop.RelatedQuestions/add': () =>
        new Promise((resolve) => {
          release = () => resolve(reply.ok(null, '提问成功，请等待回复'));
        }),
    });
    renderView({ requestedTab: 'questions' });
    fireEvent.click(await screen.findByRole('button', { name: '我要提问' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: /^提\s?交$/ });

    fireEvent.change(within(dialog).getByLabelText('提问内容'), { target: { value: '   ' } });
    fireEvent.click(submit);
    expect(notes.error).toHaveBeenCalledWith('请输入提交内容');
    expect(callsTo('POST /api/Shop.RelatedQuestions/add')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('提问内容'), { target: { value: '  能用于C260吗？ ' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(callsTo('POST /api/Shop.RelatedQuestions/add')).toHaveLength(1));
    fireEvent.click(submit);
    expect(callsTo('POST /api/Shop.RelatedQuestions/add')).toHaveLength(1);
    expect(callsTo('POST /api/Shop.RelatedQuestions/add')[0]?.body).toEqual({
      product_id: 7,
      batch_number: null,
      ask_questions: '能用于C260吗？',
      type: 1,
    });

    await act(async () => release());
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('提问成功，请等待回复'));
  });
});

describe('PartDetailView gallery and warehouses', () => {
  const pics = Array.from({ length: 10 }, (_, i) => `/media/p/7-${i + 1}.svg`);

  it('caps the gallery at the variant maximum (4, 8 for one variant)', async () => {
    expect(galleryPictures(BRAND_VARIANTS.frey, { pic: pics })).toHaveLength(4);
    expect(galleryPictures(BRAND_VARIANTS.eurox, { pic: pics })).toEqual(pics.slice(0, 8));
    expect(galleryPictures(BRAND_VARIANTS.frey, { pic: ['/media/p/main.svg'] })).toEqual(['/media/p/main.svg']);
    expect(galleryPictures(BRAND_VARIANTS.frey, { pic: [] })).toEqual([]);

    server.use(standard(detail({ pic: pics })));
    renderView();
    const gallery = await screen.findByTestId('detail-gallery');
    expect(within(gallery).getAllByRole('button', { name: /^第\d+张图片$/ })).toHaveLength(4);
  });

  it('offers the Beijing warehouse only to regional accounts in variants that have it', async () => {
    expect(beijingEnabledFor(BRAND_VARIANTS.frey, { is_regional_warehouse: 1 })).toBe(true);
    expect(beijingEnabledFor(BRAND_VARIANTS.frey, { is_regional_warehouse: 0 })).toBe(false);
    expect(beijingEnabledFor(BRAND_VARIANTS.autoline, { is_regional_warehouse: 1 })).toBe(false);

    server.use(standard(detail(), profile({ is_regional_warehouse: 0 })));
    const first = renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(screen.getByText('广州仓')).toBeTruthy();
    expect(screen.queryByText('北京仓')).toBeNull();
    first.unmount();

    server.use(standard(detail(), profile({ is_regional_warehouse: 1 })));
    renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(screen.getByTestId('stock-value').textContent).toBe('99+');
    fireEvent.click(screen.getByText('北京仓'));
    await waitFor(() => expect(screen.getByTestId('stock-value').textContent).toBe('5'));
  });

  it('caps the in-transit stock at the detail cap like the warehouse stock (99+)', async () => {
    server.use(standard(detail({ frey_stock: 0, my_stock: 0, on_way_stock: 390 })));
    const first = renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(screen.getByTestId('on-way-stock').textContent).toBe('在途 99+');
    first.unmount();

    server.use(standard(detail({ frey_stock: 0, my_stock: 0, on_way_stock: 100 })));
    renderView();
    await screen.findByRole('heading', { name: /前刹车片/ });
    expect(screen.getByTestId('on-way-stock').textContent).toBe('在途 100');
  });

  it('keeps the quantity to digits', async () => {
    server.use(standard(detail()));
    renderView();
    const input = (await screen.findByLabelText('数量')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1a2-' } });
    expect(input.value).toBe('12');
  });

  it('a pasted 20-digit quantity shows the cart maximum 99999', async () => {
    server.use(standard(detail()));
    renderView();
    const input = (await screen.findByLabelText('数量')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12345678901234567890' } });
    expect(input.value).toBe('99999');
    expect((screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('PartDetailView stock', () => {
  const stockOf = (my: number) => ({
    product_id: 7,
    frey_stock: my,
    beijing_stock: 0,
    available_stock: my,
    stock_zaitu: 0,
    my_stock: my,
    is_view_stock: 1 as const,
  });

  it('shows tight/normal behind 查看库存; viewing zero stock submits a restock alert by itself', async () => {
    server.use({
      ...standard(detail({ is_view_stock: 0, frey_stock: 0, my_stock: 0, consumable_days: 3 })),
      ...partHandlers({ stock: stockOf(0) }),
    });
    renderView();
    expect((await screen.findByTestId('stock-level')).textContent).toBe('紧张');
    fireEvent.click(screen.getByRole('button', { name: /查看库存/ }));
    expect((await screen.findByTestId('stock-value')).textContent).toBe('0');
    await waitFor(() => expect(callsTo('POST /api/Shop.Accessory/applyForReplenishment')).toHaveLength(1));
    expect(callsTo('POST /api/Shop.Accessory/applyForReplenishment')[0]?.body).toEqual({ product_id: 7 });
    await waitFor(() => expect(screen.getAllByRole('button').map((b) => b.textContent)).toContain('已提醒'));
  });

  it('sends no restock alert when the viewed stock is there', async () => {
    server.use({
      ...standard(detail({ is_view_stock: 0 })),
      ...partHandlers({ stock: stockOf(42) }),
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: /查看库存/ }));
    expect((await screen.findByTestId('stock-value')).textContent).toBe('42');
    expect(callsTo('POST /api/Shop.Accessory/applyForReplenishment')).toHaveLength(0);
  });
});

describe('PartDetailView share dialog', () => {
  it('copies the link without the Clipboard API (a page over plain http) with the row texts', async () => {
    server.use(standard(detail()));
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      renderView();
      fireEvent.click(await screen.findByRole('button', { name: /分\s*享/ }));
      expect(await screen.findByText('手机扫码查看商品')).toBeTruthy();
      expect(await screen.findByTestId('share-qr')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /复制链接/ }));
      await waitFor(() => expect(notes.success).toHaveBeenCalledWith('复制成功'));
      expect(execCommand).toHaveBeenCalledWith('copy');
      expect(notes.error).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});
