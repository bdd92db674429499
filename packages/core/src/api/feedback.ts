import { z } from 'zod';
import { AdminPaging, adminListOf } from './admin';
import { idInput } from './id-input';
import { pageLimit } from './page';
import { CONSTANTS } from '../constants';
import { companyFilter, dealerFields } from './fields';

/** Shapes and rules of /api/Shop.ShopFeedback/* (spec.md sections 3, 5 and 9). */

export const FEEDBACK_TEXT_REQUIRED = '请填写反馈内容';
export const FEEDBACK_TEXT_MAX = 2000;
export const FEEDBACK_TEXT_TOO_LONG = `反馈内容不能超过 ${FEEDBACK_TEXT_MAX} 字`;
export const FEEDBACK_FILE_MAX_BYTES = CONSTANTS.feedbackFileMaxBytes;
export const FEEDBACK_FILE_TOO_LARGE = '文件过大，请选择小于 100MB 的文件';
export const FEEDBACK_FILE_BAD_TYPE = '只能上传图片或视频文件';
export const FEEDBACK_UPLOAD_FAILED = '资源上传失败';
export const FEEDBACK_SUBMITTED = '提交成功';

/** The multipart form field names. */
export const FEEDBACK_FIELDS = { text: 'text', file: 'files' } as const;

/** The text as the server and the client check it: trimmed, required, at most 2000 characters. */
export const FeedbackText = z
  .string({ error: FEEDBACK_TEXT_REQUIRED })
  .trim()
  .min(1, FEEDBACK_TEXT_REQUIRED)
  .max(FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_TOO_LONG);

/** True for the file types the feedback accepts (by MIME type). */
export function isFeedbackFileType(mimeType: string): boolean {
  return /^(image|video)\//i.test(mimeType);
}

export const FeedbackItem = z.object({
  id: z.number().int(),
  text: z.string(),
  /** '' when no file was attached. */
  file_type: z.enum(['image', 'video', '']),
  file_name: z.string(),
  file_size: z.number().int(),
  /** Download path (needs the Authorization header); '' without a file. */
  file_url: z.string(),
  /** The shop's reply; '' while there is none. */
  reply: z.string(),
  reply_time: z.string().nullable(),
  /** 1 when a reply came that the account has not seen yet. */
  unread: z.union([z.literal(0), z.literal(1)]),
  /** ISO time. */
  created_at: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;

export const FeedbackListRequest = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageLimit(),
});
export type FeedbackListRequest = z.infer<typeof FeedbackListRequest>;

export const FeedbackList = z.object({ list: z.array(FeedbackItem), total: z.number().int() });
export type FeedbackList = z.infer<typeof FeedbackList>;

export const FeedbackAddResponse = z.object({ id: z.number().int() });
export type FeedbackAddResponse = z.infer<typeof FeedbackAddResponse>;

export const FeedbackFileRequest = z.object({ id: idInput('编号格式不正确') });

export const FeedbackIdRequest = z.object({ id: idInput('编号格式不正确') });

export const FeedbackReply = z.object({ content: z.string(), created_at: z.string() });
export type FeedbackReply = z.infer<typeof FeedbackReply>;

/** One feedback with every staff reply, oldest first (opening it marks its replies read). */
export const FeedbackDetail = FeedbackItem.extend({ replies: z.array(FeedbackReply) });
export type FeedbackDetail = z.infer<typeof FeedbackDetail>;

export const FEEDBACK_MARKED_READ = '已全部标记为已读';

// ---- staff (/api/admin/feedback) ----

export const AdminFeedbackListQuery = z
  .object({
    /** One item by its id (the back office's detail). */
    id: idInput('编号格式不正确').optional(),
    company_id: companyFilter,
    /** 0 without a reply yet, 1 replied. */
    replied: z.coerce.number().int().min(0).max(1).optional(),
    keyword: z.string().trim().max(50).optional(),
  })
  .extend(AdminPaging.shape);
export type AdminFeedbackListQuery = z.infer<typeof AdminFeedbackListQuery>;

/** A feedback as staff see it; its file_url is the admin route of the attachment. */
export const AdminFeedbackItem = FeedbackItem.omit({ unread: true }).extend({
  ...dealerFields,
  replies: z.array(FeedbackReply),
});
export type AdminFeedbackItem = z.infer<typeof AdminFeedbackItem>;

export const AdminFeedbackList = adminListOf(AdminFeedbackItem);
export type AdminFeedbackList = z.infer<typeof AdminFeedbackList>;
