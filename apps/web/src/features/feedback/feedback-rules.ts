import { CONSTANTS } from '@shop/core/constants';

/**
 * Feedback validation (spec.md section 5, 'Feedback'). The same texts and limits as
 * @shop/core/api/feedback (a test keeps them equal); not imported from there so the dialog does
 * not bundle zod.
 */
export const FEEDBACK_TEXT_REQUIRED = '请填写反馈内容';
export const FEEDBACK_FILE_TOO_LARGE = '文件过大，请选择小于 100MB 的文件';
export const FEEDBACK_FILE_TYPE = '只能上传图片或视频文件';
export const FEEDBACK_UPLOAD_FAILED = '资源上传失败';
export const FEEDBACK_SUCCESS = '提交成功';
export const FEEDBACK_MAX_CHARS = 2000;

/** Why a file cannot be attached, or undefined when it can. */
export function fileProblem(file: Pick<File, 'size' | 'type'>): string | undefined {
  if (!/^(image|video)\//.test(file.type)) return FEEDBACK_FILE_TYPE;
  if (file.size > CONSTANTS.feedbackFileMaxBytes) return FEEDBACK_FILE_TOO_LARGE;
  return undefined;
}
