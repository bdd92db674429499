import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PosterTemplate } from '@shop/core/api/posters';
import { POSTER_TEXTS } from '@shop/core/api/posters';
import type { ProductRow } from '@shop/core/api/parts';
import { usePreferences } from '../../lib/preferences';
import { catchDownloads } from '../../test/downloads';
import { notesPerTest } from '../../test/notes';
import { renderRoutes } from '../../test/render-route';
import { makePage, makePartRow, makePosterTemplate } from '../../test/server/factories';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import PosterEditPage from './poster-edit-page';

const notes = notesPerTest();
const server = stubServerPerTest(() => userHandlers());
const CATEGORIES = 'POST /api/Shop.GeneratePicture/getPosterCategory';
const TEMPLATES = 'GET /api/Shop.GeneratePicture/makeList';
const SEARCH = 'POST /api/Shop.Accessory/index';
const GENERATE = 'POST /api/Shop.GeneratePicture/generatePoster';
const POSTER = 'GET /api/Shop.GeneratePicture/poster';

let saved: string[];
beforeEach(() => {
  saved = catchDownloads('blob:poster').saved;
});
afterEach(() => {
  vi.restoreAllMocks();
  usePreferences.setState({ showPrice: true });
});

const BLUE = makePosterTemplate(3, { name: '蓝色专场', headline: '刹车系统专场', max_parts: 2 });
const RED = makePosterTemplate(4, { name: '红色单品', headline: '爆款推荐', category_id: 2, max_parts: 1 });

/**
 * The editor's server: template categories, the templates (by category), the part search (the
 * parts whose name or number holds the keyword), the render and the PNG it answers.
 */
function editorServer(
  options: { categories?: { id: number; name: string }[]; templates?: PosterTemplate[]; parts?: ProductRow[] } = {},
) {
  const templates = options.templates ?? [BLUE, RED];
  const categories = options.categories ?? [
    { id: 1, name: '专场' },
    { id: 2, name: '单品' },
  ];
  server.use({
    [CATEGORIES]: () =>
      categories.map((c) => ({ ...c, count: templates.filter((t) => t.category_id === c.id).length })),
    [TEMPLATES]: ({ query }) =>
      query.category_id ? templates.filter((t) => t.category_id === Number(query.category_id)) : templates,
    [SEARCH]: ({ body }) => {
      const { keyword } = body as { keyword: string };
      return makePage(
        (options.parts ?? []).filter((p) => p.product_name.includes(keyword) || p.number.includes(keyword)),
        1,
        10,
      );
    },
    [GENERATE]: () => ({ id: 77, url: '/api/Shop.GeneratePicture/poster?id=77', width: 750, height: 1334, bytes: 4 }),
    [POSTER]: () =>
      new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
  });
}

const PLUGS = [
  makePartRow(1, { product_name: '火花塞 A', number: 'SP-1' }),
  makePartRow(2, { product_name: '火花塞 B', number: 'SP-2' }),
  makePartRow(3, { product_name: '火花塞 C', number: 'SP-3' }),
];

const open = (entry = '/parts/marketing/edit') =>
  renderRoutes([{ path: '/parts/marketing/edit', element: <PosterEditPage /> }], [entry]);

const templateButton = async (headline: string) =>
  within(await screen.findByRole('list', { name: '海报模板' })).getByRole('button', { name: new RegExp(headline) });
const pressed = () =>
  within(screen.getByRole('list', { name: '海报模板' }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.querySelector('strong')!.textContent);

/** The templates have loaded with these pressed (a cold first render may take a while on a busy machine). */
const isPressed = (headlines: string[]) => waitFor(() => expect(pressed()).toEqual(headlines), { timeout: 5_000 });

async function search(keyword: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: '搜索配件' }), { target: { value: keyword } });
  fireEvent.click(screen.getByRole('button', { name: /^搜\s*索$/ }));
}
const results = () => screen.findByRole('list', { name: '配件搜索结果' });
const resultRow = async (name: string) => (await within(await results()).findByText(name)).closest('li')!;
const chooseButton = async (name: string) => within(await resultRow(name)).getByRole('button', { name: /选\s*择/ });
/** Chooses these found parts, one after the other. */
async function choose(...names: string[]) {
  for (const name of names) fireEvent.click(await chooseButton(name));
}
const generateButton = () => screen.getByRole('button', { name: /生成海报/ });
/** Draws the poster; what the editor asked the server to draw. */
async function generate() {
  fireEvent.click(generateButton());
  await screen.findByTestId('poster-image');
  return server.callsTo(GENERATE).map((c) => c.body);
}

describe('/parts/marketing/edit', () => {
  it('picks the first template, finds parts, draws the poster with the chosen price and offers it to download', async () => {
    editorServer({ parts: PLUGS });
    open();
    await isPressed(['刹车系统专场']);
    expect(screen.getByText('蓝色专场 · 最多 2 个配件')).toBeTruthy();
    expect(screen.getByText('2. 选择配件（0/2）')).toBeTruthy();
    expect(generateButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('选择模板和配件后点击「生成海报」')).toBeTruthy();

    await search(' 火花塞 ');
    within(await resultRow('火花塞 A')).getByText('SP-1');
    expect(server.callsTo(SEARCH).map((c) => c.body)).toEqual([{ keyword: '火花塞', page: 1, limit: 10 }]);
    await choose('火花塞 A', '火花塞 C');
    expect(await screen.findByText('2. 选择配件（2/2）')).toBeTruthy();
    // The template holds two: a third cannot be chosen.
    expect((await chooseButton('火花塞 B')).hasAttribute('disabled')).toBe(true);

    // The first price of the brand the dealer may see is preselected; 不显示价格 sends none.
    const price = screen.getByRole('combobox', { name: '显示价格' });
    expect(price.closest('.ant-select')!.textContent).toContain('经销价');
    fireEvent.mouseDown(price);
    fireEvent.click(await screen.findByTitle('不显示价格'));

    fireEvent.click(generateButton());
    const poster = await screen.findByTestId('poster-image');
    expect(poster.getAttribute('src')).toBe('blob:poster');
    expect(server.callsTo(GENERATE).map((c) => c.body)).toEqual([
      { template_id: 3, product_ids: [1, 3], price_key: '' },
    ]);
    expect(server.callsTo(POSTER).map((c) => c.query)).toEqual([{ id: '77' }]);

    fireEvent.click(screen.getByRole('button', { name: /下载海报/ }));
    expect(saved).toEqual(['海报-77.png']);
  }, 20_000);

  it('sends the price label chosen; with the purchase price hidden its label is not offered', async () => {
    usePreferences.setState({ showPrice: false });
    editorServer({ parts: PLUGS });
    open();
    await isPressed(['刹车系统专场']);
    const price = screen.getByRole('combobox', { name: '显示价格' });
    expect(price.closest('.ant-select')!.textContent).toContain('香河仓价');
    fireEvent.mouseDown(price);
    await screen.findByTitle('建议零售价');
    expect(screen.queryByTitle('经销价')).toBeNull();
    fireEvent.click(screen.getByTitle('建议零售价'));
    await search('SP-2');
    await choose('火花塞 B');
    expect(await generate()).toEqual([{ template_id: 3, product_ids: [2], price_key: 'retail_price' }]);
  }, 20_000);

  it('removes a chosen part again, and a template for fewer parts keeps only the first', async () => {
    editorServer({ parts: PLUGS });
    open();
    await isPressed(['刹车系统专场']);
    await search('火花塞');
    await choose('火花塞 A', '火花塞 B');
    fireEvent.click(within(await resultRow('火花塞 A')).getByRole('button', { name: /移\s*除/ }));
    expect(await screen.findByText('2. 选择配件（1/2）')).toBeTruthy();
    await choose('火花塞 C');

    fireEvent.click(await templateButton('爆款推荐'));
    expect(pressed()).toEqual(['爆款推荐']);
    expect(await screen.findByText('2. 选择配件（1/1）')).toBeTruthy();
    fireEvent.click(generateButton());
    await screen.findByTestId('poster-image');
    expect(server.callsTo(GENERATE).map((c) => (c.body as { product_ids: number[] }).product_ids)).toEqual([[2]]);
    expect((server.callsTo(GENERATE)[0]!.body as { template_id: number }).template_id).toBe(4);
  }, 20_000);

  it('preselects the template of ?template_id=', async () => {
    editorServer();
    open('/parts/marketing/edit?template_id=4');
    await isPressed(['爆款推荐']);
    expect(screen.getByText('2. 选择配件（0/1）')).toBeTruthy();
  }, 20_000);

  it('a ?template_id= no longer offered falls back to the first template', async () => {
    editorServer({ parts: PLUGS });
    open('/parts/marketing/edit?template_id=99');
    await isPressed(['刹车系统专场']);
    expect(screen.getByText('2. 选择配件（0/2）')).toBeTruthy();
  }, 20_000);

  it('filters the templates by category; the choice moves to one the category has', async () => {
    editorServer({ parts: PLUGS });
    open();
    await isPressed(['刹车系统专场']);
    await search('火花塞');
    await choose('火花塞 A', '火花塞 B');

    fireEvent.click(screen.getByRole('radio', { name: '单品' }));
    await waitFor(() => expect(server.callsTo(TEMPLATES).at(-1)!.query).toEqual({ category_id: '2' }));
    await isPressed(['爆款推荐']);
    expect(within(screen.getByRole('list', { name: '海报模板' })).getAllByRole('button')).toHaveLength(1);
    expect(await screen.findByText('2. 选择配件（1/1）')).toBeTruthy();
    expect(await generate()).toEqual([{ template_id: 4, product_ids: [1], price_key: 'dealer_price' }]);
  }, 20_000);

  it('shows no category filter for one category, says when there is no template, and when no part is found', async () => {
    editorServer({ categories: [{ id: 1, name: '专场' }], templates: [] });
    open();
    expect(await screen.findByText(POSTER_TEXTS.emptyTemplates)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(server.callsTo(TEMPLATES).map((c) => c.query)).toEqual([{}]);
    await search('不存在的配件');
    expect(await screen.findByText('未找到配件')).toBeTruthy();
    expect(generateButton().hasAttribute('disabled')).toBe(true);
  }, 20_000);

  it('shows failed loads in the page with a retry, without toasts', async () => {
    editorServer({ parts: PLUGS });
    let fail = true;
    server.use({
      [TEMPLATES]: () => (fail ? reply.serverError('模板服务繁忙') : [BLUE]),
      [SEARCH]: () => reply.serverError('搜索服务繁忙'),
    });
    open();
    expect(await screen.findByText('模板服务繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await isPressed(['刹车系统专场']);
    await search('火花塞');
    expect(await screen.findByText('搜索服务繁忙')).toBeTruthy();
    expect(notes.error).not.toHaveBeenCalled();
  }, 20_000);

  it("shows the server's refusal to draw in the page, once", async () => {
    editorServer({ parts: PLUGS });
    server.use({ [GENERATE]: () => reply.refused(POSTER_TEXTS.busy) });
    open();
    await isPressed(['刹车系统专场']);
    await search('火花塞');
    await choose('火花塞 A');
    fireEvent.click(generateButton());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(POSTER_TEXTS.busy);
    expect(screen.queryByTestId('poster-image')).toBeNull();
    expect(server.callsTo(POSTER)).toHaveLength(0);
    expect(notes.error).not.toHaveBeenCalled();
  }, 20_000);
});
