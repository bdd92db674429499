import { z } from 'zod';
import { AdminPaging, adminListOf } from './admin';
import { idInput } from './id-input';
import { companyFilter, dealerFields } from './fields';

/**
 * The back office's customer-service area (/api/admin/service/*, /api/admin/questions/*):
 * one queue of what dealers wrote (questions about parts, feedback, development requests),
 * waiting ones first with how long the dealer has been waiting, and what staff have not opened.
 */

export const SERVICE_KINDS = ['question', 'feedback', 'development'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const SERVICE_KIND_TEXT: Record<ServiceKind, string> = {
  question: '商品咨询',
  feedback: '意见反馈',
  development: '开发需求',
};

/** waiting: the dealer's last word has no staff answer yet; answered: it has. */
export const SERVICE_STATES = ['waiting', 'answered'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
export const SERVICE_STATE_TEXT: Record<ServiceState, string> = { waiting: '待回复', answered: '已回复' };

export const ServiceQueueQuery = z
  .object({
    kind: z.enum(SERVICE_KINDS, { error: '类型不正确' }).optional(),
    state: z.enum(SERVICE_STATES, { error: '状态不正确' }).optional(),
    company_id: companyFilter,
    /** 1: only what staff have not opened yet. */
    unread: z.coerce.number().int().min(0).max(1).optional(),
  })
  .extend(AdminPaging.shape);
export type ServiceQueueQuery = z.infer<typeof ServiceQueueQuery>;

export const ServiceQueueItem = z.object({
  kind: z.enum(SERVICE_KINDS),
  id: z.number().int(),
  ...dealerFields,
  /** The part asked about, the part to develop, or '' for feedback. */
  subject: z.string(),
  /** The start of what the dealer wrote. */
  text: z.string(),
  /** When the dealer last wrote (China time). */
  last_word_at: z.string(),
  /** 1 while the dealer's last word has no answer. */
  waiting: z.number().int(),
  /** Minutes since the dealer's last word, while waiting (0 once answered). */
  waiting_minutes: z.number().int(),
  /** 1 until a staff member opens or answers it. */
  unread: z.number().int(),
  /** When staff last answered (China time), '' before. */
  replied_at: z.string(),
});
export type ServiceQueueItem = z.infer<typeof ServiceQueueItem>;

const KindCounts = z.object({ waiting: z.number().int(), unread: z.number().int() });

export const ServiceQueue = adminListOf(ServiceQueueItem).extend({
  /** Waiting and unread per kind, over every company (the filters do not change them). */
  counts: z.object({ question: KindCounts, feedback: KindCounts, development: KindCounts }),
});
export type ServiceQueue = z.infer<typeof ServiceQueue>;

export const ServiceItemParams = z.object({
  kind: z.enum(SERVICE_KINDS, { error: '类型不正确' }),
  id: idInput('编号格式不正确'),
});

export const SERVICE_TEXTS = {
  notFound: '该条咨询不存在',
  markedRead: '已标记为已读',
} as const;

/** "3 天 2 小时", "2 小时 5 分钟", "12 分钟", "刚刚": how long a dealer has waited. */
export function waitingText(minutes: number): string {
  if (minutes < 1) return '刚刚';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} 天 ${hours} 小时` : `${days} 天`;
  if (hours > 0) return mins > 0 ? `${hours} 小时 ${mins} 分钟` : `${hours} 小时`;
  return `${mins} 分钟`;
}

// ---- questions about parts ----

export const AdminQuestionListQuery = z
  .object({
    company_id: companyFilter,
    product_id: idInput('商品编号不正确').optional(),
    /** 0 not answered yet, 1 answered. */
    answered: z.coerce.number().int().min(0).max(1).optional(),
    /** Part of the question's text or the part's number. */
    keyword: z.string().trim().max(50).optional(),
  })
  .extend(AdminPaging.shape);
export type AdminQuestionListQuery = z.infer<typeof AdminQuestionListQuery>;

export const AdminQuestion = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  frey_no: z.string(),
  part_name: z.string(),
  ...dealerFields,
  /** 1 consult, 0 product feedback (spec.md 'Question types'). */
  type: z.number().int(),
  ask_questions: z.string(),
  created_at: z.string(),
  reply_content: z.string(),
  reply_time: z.string(),
  /** Where staff fetch the answer's pictures (admin paths). */
  reply_pics: z.array(z.string()),
  /** 1 until a staff member opens or answers it. */
  staff_unread: z.number().int(),
  /** 1 once the dealer has read the answer. */
  dealer_read: z.number().int(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

export const AdminQuestionList = adminListOf(AdminQuestion);
export type AdminQuestionList = z.infer<typeof AdminQuestionList>;

/** A picture uploaded for an answer (POST /api/admin/questions/:id/pictures), sent on by its id. */
export const AnswerPictureUpload = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });
export type AnswerPictureUpload = z.infer<typeof AnswerPictureUpload>;
