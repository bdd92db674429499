import { z } from 'zod';
import { isDay } from '../days';
import { AdminPaging, adminListOf } from './admin';

/**
 * The back office's shop content (/api/admin/content/*, permission content.manage): the home
 * banners, the hot keywords, the hot recommendations and the new arrivals. Times are China time
 * 'YYYY-MM-DD HH:mm:ss'; a banner's schedule is optional at either end.
 */

export const CONTENT_TEXTS = {
  bannerNotFound: '轮播图不存在',
  keywordNotFound: '热门关键词不存在',
  pictureRequired: '请上传图片或视频',
  pictureBad: '图片或视频地址不正确',
  addressBad: '链接地址不正确（以 / 或 http(s):// 开头）',
  scheduleBad: '结束时间须晚于开始时间',
  timeBad: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  keywordRequired: '请填写关键词',
  keywordTooLong: '关键词不能超过 20 个字',
  keywordDuplicate: '该关键词已存在',
  keywordComma: '关键词不能包含逗号',
  orderBad: '排序须列出全部条目，且不能重复',
  partNumberRequired: '请填写配件编号',
  partNotFound: '未找到该编号的配件',
  alreadyHot: '该配件已在热门推荐中',
  notHot: '该配件不在热门推荐中',
  alreadyNew: '该配件已在新品中',
  notNew: '该配件不在新品中',
  mediaRequired: '请选择图片或视频',
  mediaTooLarge: '文件过大，请选择小于 50MB 的图片或视频',
  mediaBadType: '文件不是有效的图片或视频，请选择 JPG、PNG、GIF、WEBP 图片或 MP4、WEBM 视频',
} as const;

/** Largest banner picture or video staff upload. */
export const CONTENT_MEDIA_MAX_BYTES = 50 * 1024 * 1024;

/** 'YYYY-MM-DD hh:mm[:ss]' naming a real day and a time of it (not 2026-02-30, not 24:00). */
function isClockTime(text: string): boolean {
  const [hours, minutes, seconds = 0] = text.slice(11).split(':').map(Number);
  return isDay(text.slice(0, 10)) && hours! < 24 && minutes! < 60 && seconds < 60;
}

/** A China time as typed in the back office, or null for none. */
const chinaTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, CONTENT_TEXTS.timeBad)
  .refine(isClockTime, CONTENT_TEXTS.timeBad)
  .nullable()
  .optional()
  .transform((v) => (v ? (v.length === 16 ? `${v}:00` : v) : null));

/** Where a banner's file lives: the shop's own media or a staff upload (/media/...), or a full URL. */
const mediaPath = z
  .string(CONTENT_TEXTS.pictureRequired)
  .trim()
  .min(1, CONTENT_TEXTS.pictureRequired)
  .max(500, CONTENT_TEXTS.pictureBad)
  .regex(/^(\/media\/[A-Za-z0-9/._-]+|https?:\/\/\S+)$/, CONTENT_TEXTS.pictureBad);

const linkAddress = z
  .string()
  .trim()
  .max(500, CONTENT_TEXTS.addressBad)
  .regex(/^(|\/\S*|https?:\/\/\S+)$/, CONTENT_TEXTS.addressBad)
  .default('');

export const BANNER_STATES = { showing: '展示中', scheduled: '未开始', ended: '已结束', disabled: '已停用' } as const;
export type BannerState = keyof typeof BANNER_STATES;

export const AdminBanner = z.object({
  id: z.number().int(),
  picture: z.string(),
  file_type: z.enum(['image', 'video']),
  address: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Whether the dealers' home shows it now. */
  state: z.enum(['showing', 'scheduled', 'ended', 'disabled']),
});
export type AdminBanner = z.infer<typeof AdminBanner>;

export const BannerInput = z
  .object({
    picture: mediaPath,
    file_type: z.enum(['image', 'video']).default('image'),
    address: linkAddress,
    enabled: z.boolean().default(true),
    starts_at: chinaTime,
    ends_at: chinaTime,
  })
  .refine((b) => !b.starts_at || !b.ends_at || b.starts_at < b.ends_at, {
    message: CONTENT_TEXTS.scheduleBad,
    path: ['ends_at'],
  });
export type BannerInput = z.input<typeof BannerInput>;
export type BannerFields = z.output<typeof BannerInput>;

export const AdminHotKeyword = z.object({
  id: z.number().int(),
  keyword: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminHotKeyword = z.infer<typeof AdminHotKeyword>;

export const HotKeywordInput = z.object({
  keyword: z
    .string(CONTENT_TEXTS.keywordRequired)
    .trim()
    .min(1, CONTENT_TEXTS.keywordRequired)
    .max(20, CONTENT_TEXTS.keywordTooLong)
    // The dealer's client reads the keywords as one comma-separated string.
    .regex(/^[^,，]*$/, CONTENT_TEXTS.keywordComma),
  enabled: z.boolean().default(true),
});
export type HotKeywordInput = z.input<typeof HotKeywordInput>;
export type HotKeywordFields = z.output<typeof HotKeywordInput>;

/** A new order of a list: every id of it, first first. */
export const ReorderRequest = z.object({
  ids: z.array(z.number().int().positive()).min(1, CONTENT_TEXTS.orderBad).max(1000),
});
export type ReorderRequest = z.infer<typeof ReorderRequest>;

/** A part of the hot recommendations or the new arrivals. */
export const ContentPart = z.object({
  product_id: z.number().int(),
  frey_no: z.string(),
  oe_number: z.string(),
  product_name: z.string(),
  /** Position among the hot recommendations (1 first), or when it became a new arrival. */
  rank: z.number().int().nullable(),
  new_arrival_at: z.string().nullable(),
});
export type ContentPart = z.infer<typeof ContentPart>;

export const ContentPartList = adminListOf(ContentPart);
export type ContentPartList = z.infer<typeof ContentPartList>;
export const ContentPartQuery = AdminPaging;

/** A part named by its own code or its OE number, as staff type it. */
export const PartNumberInput = z.object({
  number: z
    .string(CONTENT_TEXTS.partNumberRequired)
    .trim()
    .min(1, CONTENT_TEXTS.partNumberRequired)
    .max(60, CONTENT_TEXTS.partNotFound),
});
export type PartNumberInput = z.infer<typeof PartNumberInput>;

/** POST /api/admin/content/media: the stored banner file. */
export const ContentMediaResponse = z.object({ url: z.string(), file_type: z.enum(['image', 'video']) });
export type ContentMediaResponse = z.infer<typeof ContentMediaResponse>;
export const CONTENT_MEDIA_FIELD = 'file';
