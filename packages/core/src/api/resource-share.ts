import { z } from 'zod';
import { idInput } from './id-input';
import { pageOf, pageQuery } from './page';
import { RESOURCE_CONTACT_MAX, RESOURCE_TEXTS } from '../resource-share-rules';
import { companyFields, statusFields } from './fields';

/**
 * Resource share (docs/resource-share.md): /api/Shop.ResourceSharing/* (import → preview →
 * publish, list, mine, withdraw) and /api/admin/resource-share (staff take entries down).
 */
const noNul = (s: string) => !s.includes('\u0000');

export const ResourceRow = z.object({
  row: z.number().int(),
  number: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.string().nullable(),
});
export type ResourceRow = z.infer<typeof ResourceRow>;

/** The import's answer: the rows that will be published and the ones skipped (with why). */
export const ResourcePreview = z.object({
  preview_id: z.number().int(),
  contact: z.string(),
  rows: z.array(ResourceRow),
  problems: z.array(z.string()),
});
export type ResourcePreview = z.infer<typeof ResourcePreview>;

export const PublishRequest = z.object({ preview_id: idInput(RESOURCE_TEXTS.previewGone) });
export const PublishResponse = z.object({ published: z.number().int() });

export const ResourceEntry = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.string().nullable(),
  contact: z.string(),
  create_time: z.string(),
});
export type ResourceEntry = z.infer<typeof ResourceEntry>;
export const ResourcePage = pageOf(ResourceEntry);
export type ResourcePage = z.infer<typeof ResourcePage>;

const page = z.coerce
  .number({ error: '页码不正确' })
  .int('页码不正确')
  .min(1, '页码不正确')
  .max(10_000)
  .optional()
  .default(1);
export const ResourceListQuery = z.object({
  keyword: z.string().trim().max(60, '关键词最多 60 个字').refine(noNul, RESOURCE_TEXTS.badText).optional().default(''),
  page,
});
export const ResourceMineQuery = z.object({ page });
export const ResourceIdRequest = z.object({ id: idInput(RESOURCE_TEXTS.notFound) });

export const ContactField = z
  .string({ error: RESOURCE_TEXTS.contactMissing })
  .trim()
  .min(1, RESOURCE_TEXTS.contactMissing)
  .max(RESOURCE_CONTACT_MAX, RESOURCE_TEXTS.contactTooLong)
  .refine(noNul, RESOURCE_TEXTS.badText);

/** An entry as staff see it: the sharing company and account besides the contact it shows. */
export const AdminResourceEntry = ResourceEntry.extend({
  ...companyFields,
  /** The account that imported it (name and phone). */
  account_name: z.string(),
  account_phone: z.string(),
  ...statusFields,
  /** Why staff took it down ('' otherwise). */
  note: z.string(),
  /** When its status last changed (published, withdrawn, taken down). */
  update_time: z.string(),
});
export type AdminResourceEntry = z.infer<typeof AdminResourceEntry>;
export const AdminResourcePage = pageOf(AdminResourceEntry);
export type AdminResourcePage = z.infer<typeof AdminResourcePage>;
export const ADMIN_RESOURCE_STATUSES = ['active', 'withdrawn', 'taken_down'] as const;
/** Staff search: number (prefix) or name (contains), the company's name (contains), status. */
export const AdminResourceQuery = ResourceListQuery.extend({
  ...pageQuery(100),
  company: z
    .string()
    .trim()
    .max(60, '公司名称最多 60 个字')
    .refine(noNul, RESOURCE_TEXTS.badText)
    .optional()
    .default(''),
  status: z
    .enum(['', ...ADMIN_RESOURCE_STATUSES], { error: '状态不正确' })
    .optional()
    .default(''),
});
export type AdminResourceQuery = z.infer<typeof AdminResourceQuery>;
export const TakeDownRequest = z.object({
  reason: z.string().trim().min(1, RESOURCE_TEXTS.reasonMissing).max(200).refine(noNul, RESOURCE_TEXTS.badText),
});
