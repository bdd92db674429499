import { z } from 'zod';

/** POST /api/Base/upload (spec.md section 7: 'POST /api/Base/upload (form file)'): one picture, stored. */

/** The multipart field of the file. */
export const BASE_UPLOAD_FIELD = 'file';
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_TEXTS = {
  noFile: '请选择要上传的图片',
  empty: '文件为空，请重新选择',
  tooLarge: '图片过大，请选择小于 10MB 的图片',
  badType: '只能上传图片（JPG、PNG、GIF、WEBP 等）',
  uploaded: '上传成功',
} as const;

export const BaseUploadResponse = z.object({
  id: z.number().int(),
  /** Where the file is fetched (with the Authorization header; only the uploading company gets it). */
  url: z.string(),
  /** The name the file had on the user's machine. */
  name: z.string(),
  size: z.number().int(),
  /** The type found in the file's content ('image/png'), not the one the browser claimed. */
  mime: z.string(),
});
export type BaseUploadResponse = z.infer<typeof BaseUploadResponse>;
