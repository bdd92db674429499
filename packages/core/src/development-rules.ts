import { labelKeys, labelLookup } from './labels';

/**
 * 'I want to develop' (docs/decisions/0036): the limits, texts, statuses and the check of the add
 * form, shared by the server and the web form. No zod here, so the web form does not bundle it.
 */
export const DEVELOPMENT_PICTURES_MAX = 5;
export const DEVELOPMENT_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const DEVELOPMENT_PART_NAME_MAX = 50;
export const DEVELOPMENT_TEXT_MAX = 100;
export const DEVELOPMENT_DESCRIPTION_MAX = 500;
export const DEVELOPMENT_QUANTITY_MAX = 1_000_000;

export const DEVELOPMENT_TEXTS = {
  partNameRequired: '请填写配件名称',
  partNameTooLong: `配件名称不能超过 ${DEVELOPMENT_PART_NAME_MAX} 字`,
  vehicleTooLong: `适用车型不能超过 ${DEVELOPMENT_TEXT_MAX} 字`,
  oeTooLong: `OE 号不能超过 ${DEVELOPMENT_TEXT_MAX} 字`,
  descriptionTooLong: `补充说明不能超过 ${DEVELOPMENT_DESCRIPTION_MAX} 字`,
  quantityRequired: '请填写预计月需求量',
  quantityInvalid: '预计月需求量须为正整数',
  quantityTooLarge: `预计月需求量不能超过 ${DEVELOPMENT_QUANTITY_MAX}`,
  tooManyPictures: `最多上传 ${DEVELOPMENT_PICTURES_MAX} 张图片`,
  pictureTooLarge: '图片过大，请选择小于 10MB 的图片',
  pictureBadType: '只能上传图片（JPG、PNG、GIF、WEBP 等）',
  submitted: '提交成功',
  liked: '点赞成功',
  alreadyLiked: '您已经点过赞了',
  notFound: '开发需求不存在',
  markedRead: '已全部标记为已读',
} as const;

/** The multipart form field names of add. */
export const DEVELOPMENT_FIELDS = {
  partName: 'part_name',
  vehicle: 'vehicle',
  oeNumber: 'oe_number',
  monthlyQuantity: 'monthly_quantity',
  description: 'description',
  pictures: 'pictures',
} as const;

/** The statuses of a request (spec.md: 'not shown'; these are the shop's). */
export const DEVELOPMENT_STATUS = {
  pending: '待评估',
  developing: '开发中',
  launched: '已上架',
  rejected: '不开发',
} as const;
export type DevelopmentStatus = keyof typeof DEVELOPMENT_STATUS;
export const DEVELOPMENT_STATUS_KEYS = labelKeys(DEVELOPMENT_STATUS);
export const developmentStatusText = labelLookup(DEVELOPMENT_STATUS);

export interface DevelopmentForm {
  part_name: string;
  vehicle: string;
  oe_number: string;
  monthly_quantity: number;
  description: string;
}

type FieldName = keyof DevelopmentForm;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** Why one field's value is refused, or undefined when it is fine. */
export function developmentFieldProblem(field: FieldName, value: unknown): string | undefined {
  const v = text(value);
  switch (field) {
    case 'part_name':
      if (v === '') return DEVELOPMENT_TEXTS.partNameRequired;
      return v.length > DEVELOPMENT_PART_NAME_MAX ? DEVELOPMENT_TEXTS.partNameTooLong : undefined;
    case 'vehicle':
      return v.length > DEVELOPMENT_TEXT_MAX ? DEVELOPMENT_TEXTS.vehicleTooLong : undefined;
    case 'oe_number':
      return v.length > DEVELOPMENT_TEXT_MAX ? DEVELOPMENT_TEXTS.oeTooLong : undefined;
    case 'description':
      return v.length > DEVELOPMENT_DESCRIPTION_MAX ? DEVELOPMENT_TEXTS.descriptionTooLong : undefined;
    case 'monthly_quantity':
      if (v === '') return DEVELOPMENT_TEXTS.quantityRequired;
      if (!/^\d+$/.test(v) || Number(v) <= 0) return DEVELOPMENT_TEXTS.quantityInvalid;
      return Number(v) > DEVELOPMENT_QUANTITY_MAX ? DEVELOPMENT_TEXTS.quantityTooLarge : undefined;
  }
}

const FIELDS: FieldName[] = ['part_name', 'vehicle', 'oe_number', 'monthly_quantity', 'description'];

/** The add form checked: its trimmed values, or the first problem's text. */
export function parseDevelopmentForm(
  fields: Record<string, unknown>,
): { ok: true; value: DevelopmentForm } | { ok: false; message: string } {
  for (const field of FIELDS) {
    const problem = developmentFieldProblem(field, fields[field]);
    if (problem) return { ok: false, message: problem };
  }
  return {
    ok: true,
    value: {
      part_name: text(fields.part_name),
      vehicle: text(fields.vehicle),
      oe_number: text(fields.oe_number),
      monthly_quantity: Number(text(fields.monthly_quantity)),
      description: text(fields.description),
    },
  };
}

/** Why a chosen picture cannot be attached (by its claimed type and size; the server checks the content). */
export function developmentPictureProblem(file: { size: number; type: string }): string | undefined {
  if (!/^image\//.test(file.type)) return DEVELOPMENT_TEXTS.pictureBadType;
  if (file.size > DEVELOPMENT_PICTURE_MAX_BYTES) return DEVELOPMENT_TEXTS.pictureTooLarge;
  return undefined;
}
