/**
 * A dealer's return request: limits, texts and the picture rule, shared by the server
 * (api/orders.ts ApplyReturnRequest, modules/orders/returns.ts) and the web dialog. No zod here,
 * so the web page does not bundle it.
 */
export const RETURN_REASON_MAX = 200;
export const RETURN_PICTURES_MAX = 3;
export const RETURN_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const RETURN_TEXTS = {
  reasonRequired: '请填写退货原因',
  reasonTooLong: `退货原因不能超过 ${RETURN_REASON_MAX} 个字`,
  noLines: '请选择要退货的商品',
  tooManyPictures: `最多上传 ${RETURN_PICTURES_MAX} 张图片`,
  pictureTooLarge: '图片过大，请选择小于 10MB 的图片',
  pictureBadType: '只能上传图片（JPG、PNG、GIF、WEBP 等）',
  notReturnable: '只能退已签收的商品',
  submitted: '退货申请已提交，请等待审核',
  repeated: '退货申请已提交，请勿重复提交',
  uploadFailed: '图片上传失败，请重试',
} as const;
/** The multipart field of the pictures. */
export const RETURN_FIELDS = { pictures: 'pictures' } as const;

/** Why a picture cannot be attached (by its claimed type and size; the server checks the bytes), or undefined. */
export function returnPictureProblem(file: { size: number; type: string }): string | undefined {
  if (!/^image\//i.test(file.type) || /svg/i.test(file.type)) return RETURN_TEXTS.pictureBadType;
  if (file.size > RETURN_PICTURE_MAX_BYTES) return RETURN_TEXTS.pictureTooLarge;
  return undefined;
}
