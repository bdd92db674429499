import { z } from 'zod';
import { idInput } from './id-input';
import { AdminPaging, adminListOf } from './admin';
import { SCM_CLASSES } from './parts';

/**
 * Shapes of the back office's catalog (/api/admin/parts, /categories, /vehicles; permission
 * catalog.manage). Prices and stock are not part of them (their own screens).
 */
export { SCM_CLASSES };
export const PART_NUMBER_KINDS = ['oe', 'replacement', 'old', 'search'] as const;
export type PartNumberKind = (typeof PART_NUMBER_KINDS)[number];
export const PART_NUMBER_KIND_TEXT: Record<PartNumberKind, string> = {
  oe: '原厂号（OE）',
  replacement: '替换号',
  old: '旧号',
  search: '其他搜索号',
};

/** List filters by status flag. */
export const PART_FLAGS = ['coming_soon', 'delisting', 'not_orderable'] as const;
export type PartFlag = (typeof PART_FLAGS)[number];
export const PART_FLAG_TEXT: Record<PartFlag, string> = {
  coming_soon: '即将到货',
  delisting: '即将下架',
  not_orderable: '不可订购',
};

export const PART_CHANGED_TEXT = '该商品已被他人修改，请刷新后重试';
export const PART_NOT_FOUND_TEXT = '商品不存在';
export const FREY_NO_TAKEN_TEXT = '本厂编码已被其他商品使用';
export const CATEGORY_IN_USE_TEXT = '该分类下还有商品或子分类，不能删除';
export const VEHICLE_IN_USE_TEXT = '该车型数据正在被使用，不能删除';

const text = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过 ${max} 个字`);
const required = (max: number, label: string) => text(max, label).min(1, `请填写${label}`);
const pathText = z.string().trim().max(500, '文件地址过长');
const flag = z.union([z.literal(0), z.literal(1)], { error: '状态标记应为 0 或 1' });

// ---- parts ----

export const AdminPartListQuery = AdminPaging.extend({
  /** Own code, any number (OE, replacement, old, search) or part of the name. */
  keyword: z.string().trim().max(60, '关键词过长').optional(),
  category_id: idInput('分类编号不正确').optional(),
  make_id: idInput('品牌编号不正确').optional(),
  flag: z.enum(PART_FLAGS, { error: '状态筛选不正确' }).optional(),
});
export type AdminPartListQuery = z.infer<typeof AdminPartListQuery>;

export const AdminPartSummary = z.object({
  id: z.number().int(),
  frey_no: z.string(),
  oe_number: z.string(),
  l_name_zh: z.string(),
  product_name: z.string(),
  make_name: z.string(),
  category_name: z.string(),
  is_coming_soon: z.number().int(),
  is_delisting: z.number().int(),
  is_orderable: z.number().int(),
  pic: z.string(),
  updated_at: z.string(),
});
export type AdminPartSummary = z.infer<typeof AdminPartSummary>;
export const AdminPartListResponse = adminListOf(AdminPartSummary);
export type AdminPartListResponse = z.infer<typeof AdminPartListResponse>;

export const PartNumberInput = z.object({
  kind: z.enum(PART_NUMBER_KINDS, { error: '号码类型不正确' }),
  factory: text(40, '厂家'),
  number: required(60, '号码'),
});
export type PartNumberInput = z.infer<typeof PartNumberInput>;

export const PartAttributesInput = z.object({
  box: text(40, '包装'),
  type_name: text(40, '类型'),
  oe_amount: z.coerce.number({ error: '单车用量应为数字' }).int('单车用量应为整数').min(0).max(999),
  shelf_name: text(40, '货架'),
  color: text(40, '颜色'),
  description: text(2000, '描述'),
});
export type PartAttributesInput = z.infer<typeof PartAttributesInput>;

export const PartVideoInput = z.object({
  video_name: required(100, '视频名称'),
  pic: pathText,
  video: pathText.min(1, '请上传视频'),
  print_car: text(100, '车型'),
});
export type PartVideoInput = z.infer<typeof PartVideoInput>;

/** A part as the edit form sends it (create, or update with `version`). */
export const PartInput = z.object({
  frey_no: required(40, '本厂编码'),
  l_name_zh: required(60, '配件名称'),
  product_name: required(120, '商品全称'),
  make_id: idInput('请选择品牌'),
  category_id: idInput('请选择分类'),
  numbers: z.array(PartNumberInput).max(200, '号码过多'),
  model_ids: z.array(idInput('车型编号不正确')).max(2000, '适用车型过多'),
  attributes: PartAttributesInput,
  outbox_fcl_quantity: z.coerce
    .number({ error: '箱规应为数字' })
    .int('箱规应为整数')
    .min(0, '箱规不能为负')
    .max(100000),
  scm_classification: z.enum(SCM_CLASSES, { error: 'SCM 分类不正确' }),
  is_coming_soon: flag,
  is_delisting: flag,
  is_orderable: flag,
  pictures: z.array(pathText.min(1)).max(20, '图片最多 20 张'),
  carousel: z.object({ description: text(2000, '卖点描述'), pictures: z.array(pathText.min(1)).max(20) }).nullable(),
  videos: z.array(PartVideoInput).max(20, '视频最多 20 个'),
});
export type PartInput = z.infer<typeof PartInput>;

/** An update: the form's `version` (from the detail it was loaded from) detects a concurrent save. */
export const PartUpdate = PartInput.extend({ version: z.string().regex(/^\d{1,20}$/, '版本号不正确') });
export type PartUpdate = z.infer<typeof PartUpdate>;

export const AdminPartDetail = PartInput.extend({
  id: z.number().int(),
  oe_number: z.string(),
  l_model_zh: z.string(),
  engines: z.string(),
  pic: z.string(),
  version: z.string(),
  updated_at: z.string(),
});
export type AdminPartDetail = z.infer<typeof AdminPartDetail>;

export const PartMediaResponse = z.object({ url: z.string(), kind: z.enum(['image', 'video']) });
export type PartMediaResponse = z.infer<typeof PartMediaResponse>;
export const PART_MEDIA_FIELD = 'file';

// ---- categories ----

export const AdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  l_name_zh: z.string(),
  sort: z.number().int(),
  /** Parts hanging on it directly. */
  parts: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const CategoryInput = z.object({
  parent_id: idInput('上级分类不正确').nullable(),
  l_name_zh: required(40, '分类名称'),
  sort: z.coerce.number({ error: '排序应为数字' }).int().min(0).max(100000).default(0),
});
export type CategoryInput = z.infer<typeof CategoryInput>;
export const CategoryUpdate = CategoryInput.omit({ parent_id: true });
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

// ---- vehicles ----

export const AdminVehicleModel = z.object({
  id: z.number().int(),
  series_id: z.number().int(),
  name_zh: z.string(),
  chassis_code: z.string(),
  engine_code: z.string(),
  transmission: z.string(),
  displacement: z.string(),
  year_from: z.number().int(),
  year_to: z.number().int().nullable(),
  vehicle_type: z.string(),
});
export type AdminVehicleModel = z.infer<typeof AdminVehicleModel>;

export const AdminVehicleSeries = z.object({
  id: z.number().int(),
  make_id: z.number().int(),
  name_zh: z.string(),
  sort: z.number().int(),
  models: z.array(AdminVehicleModel),
});
export type AdminVehicleSeries = z.infer<typeof AdminVehicleSeries>;

export const AdminMake = z.object({
  id: z.number().int(),
  name_zh: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  series: z.array(AdminVehicleSeries),
});
export type AdminMake = z.infer<typeof AdminMake>;

const sort = z.coerce.number({ error: '排序应为数字' }).int().min(0).max(100000).default(0);
const year = z.coerce
  .number({ error: '年份应为数字' })
  .int('年份应为整数')
  .min(1950, '年份不正确')
  .max(2100, '年份不正确');

export const MakeInput = z.object({ name_zh: required(40, '品牌名称'), name_en: text(60, '英文名'), sort });
export const SeriesInput = z.object({ make_id: idInput('请选择品牌'), name_zh: required(40, '车系名称'), sort });
export const ModelInput = z
  .object({
    series_id: idInput('请选择车系'),
    name_zh: required(80, '车型名称'),
    chassis_code: text(20, '底盘号'),
    engine_code: required(20, '发动机型号'),
    transmission: text(40, '变速箱'),
    displacement: text(20, '排量'),
    year_from: year,
    year_to: year.nullable(),
    vehicle_type: text(20, '车辆类型'),
  })
  .refine((m) => m.year_to === null || m.year_to >= m.year_from, { message: '停产年份不能早于上市年份' });
export type MakeInput = z.infer<typeof MakeInput>;
export type SeriesInput = z.infer<typeof SeriesInput>;
export type ModelInput = z.infer<typeof ModelInput>;

/** The three levels of the vehicle tree as they appear in /api/admin/vehicles/{level}. */
export const VEHICLE_LEVELS = ['makes', 'series', 'models'] as const;
export type VehicleLevel = (typeof VEHICLE_LEVELS)[number];
