import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Video } from '@shop/core/api/parts';
import { videos } from '../src/db/schema/product-content';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';

let t: TestApp;
beforeAll(async () => {
  t = await createDemoApp(30, 71);
  await t.db.delete(videos);
  await t.db.insert(videos).values([
    {
      productId: 1,
      videoName: '前刹车片 安装视频',
      pic: '/media/parts/brake-pad-1.svg',
      video: '/media/video/banner-promo.mp4',
      printCar: '宝马5系',
    },
    {
      productId: 2,
      videoName: '火花塞 拆装教程',
      pic: '/media/parts/spark-plug-1.svg',
      video: '/media/video/banner-promo.mp4',
      printCar: '奔驰C级',
    },
    ...Array.from({ length: 25 }, (_, i) => ({
      videoName: `保养教程 ${i + 1}`,
      pic: '/media/parts/oil-filter-1.svg',
      video: '/media/video/banner-promo.mp4',
    })),
  ]);
});
afterAll(() => t.close());

function search(payload: object, prefix = '/api/Tools.Video/search') {
  return t
    .injectAs('aMain', { method: 'POST', url: prefix, payload })
    .then((res) => body<{ data: Video[] } | null>(res));
}

describe('POST /api/Tools.Video/search', () => {
  test('login required', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Tools.Video/search', payload: { limit: 20 } });
    expect([101, 102, 401]).toContain(body(res).status);
  });

  test('finds videos by their name or their part’s name', async () => {
    const byName = await search({ limit: 20, product_name: '火花塞' });
    expect(byName.status).toBe(200);
    expect(byName.data!.data).toEqual([
      {
        pic: '/media/parts/spark-plug-1.svg',
        video: '/media/video/banner-promo.mp4',
        video_name: '火花塞 拆装教程',
        print_car: '奔驰C级',
      },
    ]);
    const [part] = (await t.db.execute<{ product_name: string }>(sql`select product_name from products where id = 1`))
      .rows;
    const byPart = await search({ limit: 20, product_name: part!.product_name });
    expect(byPart.data!.data.map((v) => v.video_name)).toContain('前刹车片 安装视频');
    expect((await search({ limit: 20, product_name: '100%' })).data!.data).toEqual([]);
  });

  test('at most 20 videos', async () => {
    expect((await search({ limit: 20, product_name: '' })).data!.data).toHaveLength(20);
    expect((await search({ limit: 3 })).data!.data).toHaveLength(3);
    expect((await search({ limit: 21 })).status).toBe(400);
  });
});
