import { z } from 'zod';
import { idInput } from './id-input';
import { dayInput } from './fields';
import { pageOf } from './page';
import {
  AdminContentCategory,
  ContentCategory,
  contentCategoryInput,
  contentPaging,
  mediaPath,
  requiredText,
  sortInput,
} from './content-shared';

/**
 * Today's marketing and posters (/parts/marketing, /parts/marketing/edit; /api/Shop.GeneratePicture/*):
 * getList / getDetail the brand's marketing materials of the day, getPosterCategory and makeList the
 * templates a dealer makes posters with, generatePoster renders a PNG on the server. Staff manage
 * both under /api/admin/marketing/* (content.manage).
 */

/**
 * Days a generated poster is kept (then a job deletes it): the dealer previews and downloads it
 * right after drawing it, and draws it again when needed later (docs/posters.md).
 */
export const POSTER_KEEP_DAYS = 7;

export const POSTER_TEXTS = {
  templateNotFound: '海报模板不存在或已停用',
  itemNotFound: '营销内容不存在或已下架',
  categoryNotFound: '海报分类不存在',
  partsRequired: '请选择配件',
  tooManyParts: (max: number) => `该模板最多选择 ${max} 个配件`,
  partNotFound: '所选配件不存在',
  priceKeyBad: '价格类型不正确',
  posterNotFound: '海报不存在或已过期，请重新生成',
  busy: '海报生成繁忙，请稍后再试',
  nameRequired: '请填写名称',
  nameTooLong: '名称不能超过 20 个字',
  headlineRequired: '请填写海报标题',
  headlineTooLong: '标题不能超过 20 个字',
  sublineTooLong: '副标题不能超过 30 个字',
  colorBad: '颜色格式应为 #RRGGBB',
  maxPartsBad: '配件数量应为 1 到 6',
  titleRequired: '请填写标题',
  titleTooLong: '标题不能超过 40 个字',
  summaryTooLong: '说明不能超过 500 个字',
  pictureBad: '图片地址不正确',
  dayBad: '日期格式应为 YYYY-MM-DD',
  daysBad: '结束日期不能早于开始日期',
  categoryInUse: '该分类下还有模板，不能删除',
  emptyToday: '今日暂无营销内容',
  emptyTemplates: '暂无海报模板',
} as const;

/** The most parts a poster shows. */
export const POSTER_MAX_PARTS = 6;

export const PosterCategory = ContentCategory;
export type PosterCategory = z.infer<typeof PosterCategory>;

export const PosterTemplate = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  headline: z.string(),
  subline: z.string(),
  color_from: z.string(),
  color_to: z.string(),
  accent: z.string(),
  max_parts: z.number().int(),
});
export type PosterTemplate = z.infer<typeof PosterTemplate>;

export const MakeListQuery = z.object({ category_id: idInput(POSTER_TEXTS.categoryNotFound).optional() });

export const MarketingItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  picture: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The template suggested for a poster (0 for none). */
  template_id: z.number().int(),
});
export type MarketingItem = z.infer<typeof MarketingItem>;
export const MarketingListQuery = z.object(contentPaging(50, 12));
export const MarketingPage = pageOf(MarketingItem).extend({ today: z.string() });
export type MarketingPage = z.infer<typeof MarketingPage>;
export const MarketingDetailQuery = z.object({ id: idInput(POSTER_TEXTS.itemNotFound) });
export const MarketingDetail = MarketingItem.extend({ template: PosterTemplate.nullable() });
export type MarketingDetail = z.infer<typeof MarketingDetail>;

/** product_ids as a list or comma-joined, each a part id. */
const productIds = z
  .union([z.array(z.union([z.number(), z.string()])), z.string()], POSTER_TEXTS.partsRequired)
  .transform((v): unknown[] => (Array.isArray(v) ? v : v.split(',')).map((s) => String(s).trim()).filter(Boolean))
  .pipe(
    z.array(idInput(POSTER_TEXTS.partNotFound)).min(1, POSTER_TEXTS.partsRequired).max(50, POSTER_TEXTS.partNotFound),
  );

export const GeneratePosterRequest = z.object({
  template_id: idInput(POSTER_TEXTS.templateNotFound),
  product_ids: productIds,
  /** A price label of the brand, or '' for no price. */
  price_key: z.string().max(40, POSTER_TEXTS.priceKeyBad).default(''),
});
export type GeneratePosterRequest = z.input<typeof GeneratePosterRequest>;

export const GeneratedPoster = z.object({
  id: z.number().int(),
  /** The PNG (with the login header). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type GeneratedPoster = z.infer<typeof GeneratedPoster>;
export const PosterImageQuery = z.object({ id: idInput(POSTER_TEXTS.posterNotFound) });

// ---- back office ----

const color = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, POSTER_TEXTS.colorBad);
const picture = mediaPath(POSTER_TEXTS.pictureBad);
const day = dayInput(POSTER_TEXTS.dayBad);

export const PosterCategoryInput = contentCategoryInput(POSTER_TEXTS);
export const AdminPosterCategory = AdminContentCategory;
export type AdminPosterCategory = z.infer<typeof AdminPosterCategory>;

export const PosterTemplateInput = z.object({
  category_id: idInput(POSTER_TEXTS.categoryNotFound),
  name: requiredText(20, POSTER_TEXTS.nameRequired, POSTER_TEXTS.nameTooLong),
  headline: requiredText(20, POSTER_TEXTS.headlineRequired, POSTER_TEXTS.headlineTooLong),
  subline: z.string().trim().max(30, POSTER_TEXTS.sublineTooLong).default(''),
  color_from: color,
  color_to: color,
  accent: color,
  max_parts: z.coerce
    .number(POSTER_TEXTS.maxPartsBad)
    .int(POSTER_TEXTS.maxPartsBad)
    .min(1, POSTER_TEXTS.maxPartsBad)
    .max(POSTER_MAX_PARTS, POSTER_TEXTS.maxPartsBad),
  published: z.boolean().default(false),
  sort: sortInput,
});
export type PosterTemplateInput = z.input<typeof PosterTemplateInput>;
export const AdminPosterTemplate = PosterTemplate.extend({
  category_name: z.string(),
  published: z.boolean(),
  sort: z.number().int(),
  /** Posters drawn with it that are still kept (the last POSTER_KEEP_DAYS). */
  posters: z.number().int(),
});
export type AdminPosterTemplate = z.infer<typeof AdminPosterTemplate>;

export const MarketingItemInput = z
  .object({
    title: requiredText(40, POSTER_TEXTS.titleRequired, POSTER_TEXTS.titleTooLong),
    summary: z.string().trim().max(500, POSTER_TEXTS.summaryTooLong).default(''),
    picture,
    starts_on: day,
    ends_on: day,
    template_id: z.coerce.number().int().min(0).default(0),
    published: z.boolean().default(false),
  })
  .refine((v) => v.starts_on <= v.ends_on, { message: POSTER_TEXTS.daysBad, path: ['ends_on'] });
export type MarketingItemInput = z.input<typeof MarketingItemInput>;
export const AdminMarketingItem = MarketingItem.extend({ published: z.boolean(), template_name: z.string() });
export type AdminMarketingItem = z.infer<typeof AdminMarketingItem>;
export const AdminMarketingQuery = z.object(contentPaging(100, 20));
export const AdminMarketingPage = pageOf(AdminMarketingItem);
export type AdminMarketingPage = z.infer<typeof AdminMarketingPage>;
