import { z } from 'zod';
import { AdminPaging, adminListOf, STAFF_REPLY_MAX, STAFF_REPLY_TOO_LONG } from './admin';
import { DEVELOPMENT_PICTURES_MAX, DEVELOPMENT_STATUS_KEYS } from '../development-rules';
import { idInput } from './id-input';
import { pageLimit } from './page';
import { companyFilter, dealerFields } from './fields';

/**
 * 'I want to develop' (spec.md sections 2 and 7 'Development, report, price'):
 * /api/Shop.CustomerProductDevelopment/list, myList, detail, add, like, markAllAsRead, and the
 * staff's /api/admin/development. Every dealer of the shop sees everyone's requests (without who
 * asked) and likes each once; the detail with the staff's replies is the asking account's
 * (docs/decisions/0036). Limits, texts, statuses and the add form's check: ../development-rules.ts.
 */

export const DEVELOPMENT_SORT = { newest: 'new', mostLiked: 'hot' } as const;

export const DevelopmentListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: pageLimit(),
  /** 'new' newest first (default), 'hot' most liked first. */
  sort: z.enum(['new', 'hot']).default('new'),
});
export type DevelopmentListRequest = z.infer<typeof DevelopmentListRequest>;

export const DevelopmentMyListRequest = DevelopmentListRequest.omit({ sort: true });

export const DevelopmentItem = z.object({
  id: z.number().int(),
  part_name: z.string(),
  vehicle: z.string(),
  oe_number: z.string(),
  monthly_quantity: z.number().int(),
  description: z.string(),
  /** Picture addresses (any logged-in dealer may fetch them). */
  pictures: z.array(z.string()),
  status: z.string(),
  status_text: z.string(),
  like_count: z.number().int(),
  /** 1 when the calling account has liked it. */
  liked: z.union([z.literal(0), z.literal(1)]),
  /** 1 when the calling account asked for it (then its detail opens). */
  mine: z.union([z.literal(0), z.literal(1)]),
  /** 1 when a reply or status change came that the asking account has not seen (0 for others' requests). */
  unread: z.union([z.literal(0), z.literal(1)]),
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  created_at: z.string(),
});
export type DevelopmentItem = z.infer<typeof DevelopmentItem>;

export const DevelopmentList = z.object({ list: z.array(DevelopmentItem), total: z.number().int() });
export type DevelopmentList = z.infer<typeof DevelopmentList>;

export const DevelopmentReply = z.object({
  content: z.string(),
  /** The status it set ('' for a reply only) and its text. */
  status: z.string(),
  status_text: z.string(),
  created_at: z.string(),
});
export type DevelopmentReply = z.infer<typeof DevelopmentReply>;

export const DevelopmentDetail = DevelopmentItem.extend({ replies: z.array(DevelopmentReply) });
export type DevelopmentDetail = z.infer<typeof DevelopmentDetail>;

export const DevelopmentIdRequest = z.object({ id: idInput('编号格式不正确') });

export const DevelopmentAddResponse = z.object({ id: z.number().int() });
export const DevelopmentLikeResponse = z.object({ like_count: z.number().int() });
export type DevelopmentLikeResponse = z.infer<typeof DevelopmentLikeResponse>;

/** The picture of a request: GET picture?id=&n= (n from 0). */
export const DevelopmentPictureRequest = z.object({
  id: idInput('编号格式不正确'),
  n: z.coerce
    .number()
    .int()
    .min(0)
    .max(DEVELOPMENT_PICTURES_MAX - 1),
});

// ---- staff (/api/admin/development) ----

export const AdminDevelopmentListQuery = z
  .object({
    /** One item by its id (the back office's detail). */
    id: idInput('编号格式不正确').optional(),
    status: z.enum(DEVELOPMENT_STATUS_KEYS).optional(),
    company_id: companyFilter,
    /** Part of the part name or OE number. */
    keyword: z.string().trim().max(50).optional(),
  })
  .extend(AdminPaging.shape);
export type AdminDevelopmentListQuery = z.infer<typeof AdminDevelopmentListQuery>;

export const AdminDevelopmentItem = DevelopmentItem.omit({ liked: true, mine: true, unread: true }).extend({
  ...dealerFields,
  replies: z.array(DevelopmentReply),
});
export type AdminDevelopmentItem = z.infer<typeof AdminDevelopmentItem>;

export const AdminDevelopmentList = adminListOf(AdminDevelopmentItem);
export type AdminDevelopmentList = z.infer<typeof AdminDevelopmentList>;

export const AdminDevelopmentStatusRequest = z.object({
  status: z.enum(DEVELOPMENT_STATUS_KEYS, { error: '状态不正确' }),
  /** Shown to the dealer with the new status. */
  note: z.string().trim().max(STAFF_REPLY_MAX, STAFF_REPLY_TOO_LONG).default(''),
});
