import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STUDY_TEXTS } from '@shop/core/api/learning';
import { dialogTitled } from '../../test/dialogs';
import { notesPerTest } from '../../test/notes';
import { mutationsSettled, renderPage, testQueryClient } from '../../test/render-route';
import { studyHandlers, type StudyWorld } from '../../test/server/content-handlers';
import { makeStudyItem } from '../../test/server/factories';
import { userHandlers } from '../../test/server/handlers';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import StudyCentrePage from './study-centre-page';

// Toasts are recorded, not shown.
notesPerTest();
const server = stubServerPerTest(() => userHandlers());
const INDEX = 'GET /api/Shop.StudyCentre/index';
const PROGRESS = 'POST /api/Shop.StudyCentre/progress';
const CATEGORIES = [
  { id: 1, name: '产品知识' },
  { id: 2, name: '安装指导' },
];

afterEach(() => vi.restoreAllMocks());

let client = testQueryClient();
function open(world: Partial<StudyWorld> = {}) {
  const state: StudyWorld = { categories: CATEGORIES, items: [], details: {}, ...world };
  server.use(studyHandlers(state));
  client = renderPage('/profile/study_centre', <StudyCentrePage />);
  return state;
}

/** The progress calls have all been answered. */
const saved = () => mutationsSettled(client);
const list = () => screen.findByRole('list', { name: '学习内容' });
const card = async (title: string) => within(await list()).findByRole('button', { name: title });

describe('/profile/study_centre', () => {
  it('lists the items with their kind and the account’s progress; a category tab asks for its items', async () => {
    open({
      items: [
        makeStudyItem(1, { title: '如何辨别原厂刹车片', progress: 0 }),
        makeStudyItem(2, { title: '机油选用指南', progress: 40 }),
        makeStudyItem(3, {
          title: '点火线圈更换视频',
          category_id: 2,
          category_name: '安装指导',
          kind: 'video',
          progress: 100,
        }),
      ],
    });
    expect(within(await card('如何辨别原厂刹车片')).getByText('未学习')).toBeTruthy();
    expect(within(await card('如何辨别原厂刹车片')).getByText('图文')).toBeTruthy();
    expect(within(await card('机油选用指南')).getByText('已学 40%')).toBeTruthy();
    expect(within(await card('点火线圈更换视频')).getByText('已学完')).toBeTruthy();
    expect(within(await card('点火线圈更换视频')).getByText('视频')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['全部', '产品知识（2）', '安装指导（1）']);
    expect(server.callsTo(INDEX).map((c) => c.query)).toEqual([{ page: '1', limit: '12' }]);

    fireEvent.click(screen.getByRole('tab', { name: '安装指导（1）' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: '学习内容' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(within(await list()).getByRole('button', { name: '点火线圈更换视频' })).toBeTruthy();
    expect(server.callsTo(INDEX).at(-1)!.query).toEqual({ page: '1', limit: '12', category_id: '2' });
  }, 20_000);

  it('pages by 12 and goes back to page 1 for another category', async () => {
    open({ items: Array.from({ length: 14 }, (_, i) => makeStudyItem(i + 1)) });
    expect(await card('学习内容1')).toBeTruthy();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(12);
    fireEvent.click(screen.getByTitle('2'));
    expect(await card('学习内容13')).toBeTruthy();
    expect(server.callsTo(INDEX).at(-1)!.query).toEqual({ page: '2', limit: '12' });
    fireEvent.click(screen.getByRole('tab', { name: '产品知识（14）' }));
    await waitFor(() =>
      expect(server.callsTo(INDEX).at(-1)!.query).toEqual({ page: '1', limit: '12', category_id: '1' }),
    );
  }, 20_000);

  it('shows the loading state, then says when there is nothing to learn', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const state: StudyWorld = { categories: CATEGORIES, items: [], details: {} };
    const handlers = studyHandlers(state);
    server.use({
      ...handlers,
      [INDEX]: async (call) => {
        await held;
        return handlers[INDEX]!(call);
      },
    });
    renderPage('/profile/study_centre', <StudyCentrePage />);
    expect(await screen.findByRole('status', { name: '加载中…' })).toBeTruthy();
    release();
    expect(await screen.findByText(STUDY_TEXTS.empty)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['全部']);
  }, 20_000);

  it('shows a failed load with its reason and a retry', async () => {
    let fail = true;
    const state: StudyWorld = { categories: CATEGORIES, items: [makeStudyItem(1)], details: {} };
    const handlers = studyHandlers(state);
    server.use({ ...handlers, [INDEX]: (call) => (fail ? reply.serverError('学习中心繁忙') : handlers[INDEX]!(call)) });
    renderPage('/profile/study_centre', <StudyCentrePage />);
    expect(await screen.findByText('学习中心繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await card('学习内容1')).toBeTruthy();
  }, 20_000);

  it('shows failed categories with a retry, and the list still', async () => {
    let fail = true;
    const state: StudyWorld = { categories: CATEGORIES, items: [makeStudyItem(1)], details: {} };
    const handlers = studyHandlers(state);
    const CATEGORY_LIST = 'GET /api/Shop.StudyCentre/getCategoryList';
    server.use({
      ...handlers,
      [CATEGORY_LIST]: (call) => (fail ? reply.serverError('分类加载失败') : handlers[CATEGORY_LIST]!(call)),
    });
    renderPage('/profile/study_centre', <StudyCentrePage />);
    expect(await screen.findByText('分类加载失败')).toBeTruthy();
    expect(await card('学习内容1')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('tab', { name: '产品知识（1）' })).toBeTruthy();
  }, 20_000);

  it('opens an article with its paragraphs and pictures; a short one counts as read once, and the list shows it', async () => {
    const state = open({
      items: [makeStudyItem(1, { title: '如何辨别原厂刹车片' })],
      details: {
        1: { body: '原厂刹车片的包装印有防伪标签。\n\n![](/media/study/label.png)\n\n更换时请同时检查刹车盘厚度。' },
      },
    });
    fireEvent.click(await card('如何辨别原厂刹车片'));
    const dialog = await dialogTitled('如何辨别原厂刹车片');
    expect(await within(dialog).findByText('原厂刹车片的包装印有防伪标签。')).toBeTruthy();
    expect(within(dialog).getByText('更换时请同时检查刹车盘厚度。')).toBeTruthy();
    expect(within(dialog).getByText('产品知识 · 2026-11-20 10:00')).toBeTruthy();
    expect(within(dialog).getByTestId('study-body').querySelector('img')!.getAttribute('src')).toBe(
      '/media/study/label.png',
    );
    // happy-dom lays nothing out, so the body fits: read once opened.
    await waitFor(() => expect(server.callsTo(PROGRESS)).toHaveLength(1));
    await saved();
    expect(server.callsTo(PROGRESS).map((c) => c.body)).toEqual([{ id: 1, progress: 100 }]);
    expect(state.items[0]!.progress).toBe(100);
    expect(within(await card('如何辨别原厂刹车片')).getByText('已学完')).toBeTruthy();
  }, 20_000);

  it('an article already read sends no progress when opened again', async () => {
    open({ items: [makeStudyItem(1, { title: '如何辨别原厂刹车片', progress: 100 })] });
    fireEvent.click(await card('如何辨别原厂刹车片'));
    const dialog = await dialogTitled('如何辨别原厂刹车片');
    await within(dialog).findByText('如何辨别原厂刹车片的第一段。');
    await saved();
    expect(server.callsTo(PROGRESS)).toHaveLength(0);
  }, 20_000);

  it('a long article reports how far it was scrolled, in steps of a tenth, from where the reader had got to', async () => {
    // The body is 1000 px high in a 200 px box: 800 px to scroll.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(200);
    const state = open({ items: [makeStudyItem(1, { title: '长文章', progress: 30 })] });
    fireEvent.click(await card('长文章'));
    const dialog = await dialogTitled('长文章');
    const body = await within(dialog).findByTestId('study-body');
    await within(dialog).findByText('长文章的第一段。');
    const scrollTo = async (top: number) => {
      body.scrollTop = top;
      fireEvent.scroll(body);
      await saved();
    };
    await scrollTo(200); // 25 %: below what was read before
    await scrollTo(400); // 50 %
    await scrollTo(440); // 55 %: less than a tenth more
    await scrollTo(800); // the end
    expect(server.callsTo(PROGRESS).map((c) => c.body)).toEqual([
      { id: 1, progress: 50 },
      { id: 1, progress: 100 },
    ]);
    expect(state.items[0]!.progress).toBe(100);
  }, 20_000);

  it('a video reports the position played and its end', async () => {
    open({
      items: [makeStudyItem(5, { title: '点火线圈更换视频', kind: 'video' })],
      details: { 5: { video_url: '/media/study/coil.mp4', body: '' } },
    });
    fireEvent.click(await card('点火线圈更换视频'));
    const dialog = await dialogTitled('点火线圈更换视频');
    await waitFor(() => expect(dialog.querySelector('video')).toBeTruthy());
    const video = dialog.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/study/coil.mp4');
    Object.defineProperty(video, 'duration', { configurable: true, value: 200 });
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 62 });
    fireEvent.timeUpdate(video);
    await saved();
    fireEvent.ended(video);
    await saved();
    expect(server.callsTo(PROGRESS).map((c) => c.body)).toEqual([
      { id: 5, progress: 31 },
      { id: 5, progress: 100 },
    ]);
  }, 20_000);

  it('says in the dialog when the item is gone', async () => {
    open({ items: [makeStudyItem(1, { title: '已下架的文章' })] });
    server.use({ 'GET /api/Shop.StudyCentre/detail': () => reply.refused(STUDY_TEXTS.articleNotFound) });
    fireEvent.click(await card('已下架的文章'));
    const dialog = await dialogTitled('学习中心');
    expect(await within(dialog).findByText(STUDY_TEXTS.articleNotFound)).toBeTruthy();
    expect(server.callsTo(PROGRESS)).toHaveLength(0);
  }, 20_000);
});
