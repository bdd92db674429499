import { studyArticles, studyCategories } from '../db/schema/learning';
import { marketingItems, posterCategories, posterTemplates } from '../db/schema/posters';
import { addDays, chinaDay } from '../lib/china-time';
import type { Executor } from './bulk-insert';

/**
 * The learning centre's categories and articles, poster templates and today's marketing. The
 * materials run from a week before `today` for a year, so the page has content whenever the demo
 * database is started.
 */
export async function insertDemoLearningAndPosters(db: Executor, today: Date): Promise<void> {
  const day = chinaDay(today);
  const published = addDays(day, -3);
  const cats = await db
    .insert(studyCategories)
    .values([
      { name: '产品知识', sort: 1 },
      { name: '安装指导', sort: 2 },
      { name: '销售技巧', sort: 3 },
    ])
    .returning({ id: studyCategories.id });
  const at = new Date(`${published}T10:00:00+08:00`);
  await db.insert(studyArticles).values([
    {
      categoryId: cats[0]!.id,
      title: '如何辨别原厂刹车片',
      summary: '包装、钢背与摩擦材料三步看清',
      cover: '/media/parts/brake-pad-1.svg',
      body: '原厂刹车片的包装印有防伪标签，扫码可查询真伪。\n\n钢背平整、无毛刺，倒角均匀；摩擦材料与钢背结合紧密。\n\n![](/media/parts/brake-pad-2.svg)\n\n更换时请同时检查刹车盘厚度，低于最小厚度须一并更换。',
      published: true,
      publishedAt: at,
    },
    {
      categoryId: cats[1]!.id,
      kind: 'video' as const,
      title: '点火线圈更换视频',
      summary: '十分钟学会拆装',
      cover: '/media/parts/ignition-coil-1.svg',
      body: '视频演示了拆下发动机饰板、断开插头、拆下线圈和装回的全过程。',
      videoUrl: '/media/video/banner-promo.mp4',
      published: true,
      publishedAt: new Date(at.getTime() + 3_600_000),
    },
    {
      categoryId: cats[2]!.id,
      title: '向车主介绍原厂件的五句话',
      summary: '门店销售话术',
      body: '一、原厂件与整车同一标准生产。\n\n二、质保期内出现质量问题可直接更换。\n\n三、价格透明，全国统一。\n\n四、现货充足，当天发货。\n\n五、扫码可查配件信息与适用车型。',
      published: true,
      publishedAt: new Date(at.getTime() + 7_200_000),
    },
  ]);

  const [promo, season] = await db
    .insert(posterCategories)
    .values([
      { name: '促销活动', sort: 1 },
      { name: '新品推荐', sort: 2 },
    ])
    .returning({ id: posterCategories.id });
  const templates = await db
    .insert(posterTemplates)
    .values([
      {
        categoryId: promo!.id,
        name: '蓝色专场',
        headline: '刹车系统专场',
        subline: '原厂品质 · 现货直发',
        colorFrom: '#0f3d7a',
        colorTo: '#2f7fd8',
        accent: '#d8362f',
        maxParts: 4,
        published: true,
        sort: 1,
      },
      {
        categoryId: promo!.id,
        name: '红色热卖',
        headline: '本周热卖',
        subline: '限时特惠 欢迎订购',
        colorFrom: '#7a1f0f',
        colorTo: '#d8562f',
        accent: '#c41d1d',
        maxParts: 6,
        published: true,
        sort: 2,
      },
      {
        categoryId: season!.id,
        name: '新品单品',
        headline: '新品上市',
        subline: '精准匹配车型',
        colorFrom: '#0f5a3d',
        colorTo: '#2fb07a',
        accent: '#0f5a3d',
        maxParts: 1,
        published: true,
        sort: 3,
      },
    ])
    .returning({ id: posterTemplates.id });
  // Today's marketing: title, summary, picture and the suggested template (by its place above).
  const items = [
    ['刹车系统专场', '刹车片、刹车盘本月订货满 5000 元送工具套装。制作海报发给您的客户吧。', '/media/banners/2.svg', 0],
    ['新品上市：点火线圈', '多款德系车型点火线圈到货，现货直发。', '/media/banners/1.svg', 2],
  ] as const;
  await db.insert(marketingItems).values(
    items.map(([title, summary, picture, template], i) => ({
      title,
      summary,
      picture,
      startsOn: addDays(day, -7),
      endsOn: addDays(day, 365),
      templateId: templates[template]!.id,
      published: true,
      sort: i + 1,
    })),
  );
}
