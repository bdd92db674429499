import { z } from 'zod';
import { PageFields } from './page';
import { idInput } from './id-input';
import { PageRequest, ProductRow } from './parts';

/**
 * VIN lookup and VIN photo recognition (spec.md section 7, 'Home and search'):
 * POST /api/Shop.Vin/searchproduct, searchproduct_frey, GET gethotlist, POST /api/Vin/ocr.
 */

/** Upper-cased and stripped of spaces and dashes (a VIN is often written in groups). */
export const VinInput = z
  .string()
  .max(64, '车架号过长')
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase());

export const VinSearchRequest = PageRequest.extend({
  vin: VinInput,
  /** Only the fitting parts of this level-3 category. */
  category_id: idInput('分类编号不正确').optional(),
  warehouse: z.coerce.number().int().min(1).max(2).default(1),
});
export type VinSearchRequest = z.infer<typeof VinSearchRequest>;

/** What the VIN itself tells, without our catalog. */
export const VinDecoded = z.object({
  vin: z.string(),
  /** World manufacturer identifier (positions 1–3). */
  wmi: z.string(),
  /** Vehicle descriptor section (positions 4–8). */
  vds: z.string(),
  /** The maker in Chinese ('一汽-大众'); '' when the WMI is not in our table. */
  manufacturer: z.string(),
  /** The make (brand) in Chinese ('大众'); '' when unknown. */
  make: z.string(),
  /** Country or region of the maker ('中国'). */
  country: z.string(),
  /** Model year from position 10; null when position 10 holds no year code. */
  model_year: z.number().int().nullable(),
  /** Every year position 10 can stand for (the code repeats every 30 years). */
  model_year_candidates: z.array(z.number().int()),
  /** Assembly plant code (position 11) and serial number (positions 12–17). */
  plant_code: z.string(),
  serial: z.string(),
});
export type VinDecoded = z.infer<typeof VinDecoded>;

/** The vehicle model of our catalog the VIN belongs to. */
export const VinVehicle = z.object({
  model_id: z.number().int(),
  make_name: z.string(),
  series_name: z.string(),
  model_name: z.string(),
  chassis_code: z.string(),
  engine_code: z.string(),
  displacement: z.string(),
  transmission: z.string(),
  vehicle_type: z.string(),
  /** '2019-2021' or '2022-'. */
  years: z.string(),
  pic: z.string(),
});
export type VinVehicle = z.infer<typeof VinVehicle>;

/** A level-3 category that has fitting parts. */
export const VinCategory = z.object({
  category_id: z.number().int(),
  l_name_zh: z.string(),
  /** The level-2 category above it. */
  parent_name: z.string(),
  count: z.number().int(),
});
export type VinCategory = z.infer<typeof VinCategory>;

const VinHead = z.object({
  decoded: VinDecoded,
  /** null: the VIN is valid but we cannot place it in our catalog (see notice). */
  vehicle: VinVehicle.nullable(),
  /** A Chinese note for the user ('' when the vehicle was found). */
  notice: z.string(),
  categories: z.array(VinCategory),
  /**
   * The makes of our catalog (makes.name_zh, the brand_name_zh filter of /parts/list) that the
   * VIN's maker builds and that have parts: where to go on when the VIN is not placed on one of
   * our vehicles ('一汽-大众' → ['大众', '奥迪']). [] when the maker builds no make we carry.
   */
  catalog_makes: z.array(z.string()),
});

/** searchproduct: the fitting parts as one list (filter by category_id), paginated. */
export const VinSearchResult = VinHead.extend({
  ...PageFields,
  list: z.array(ProductRow),
});
export type VinSearchResult = z.infer<typeof VinSearchResult>;

export const VinGroupsRequest = VinSearchRequest.extend({
  /** Parts shown per category group. */
  per_group: z.coerce.number().int().min(1).max(20).default(5),
});
export type VinGroupsRequest = z.infer<typeof VinGroupsRequest>;

/** searchproduct_frey: the fitting parts grouped by category; pages count categories. */
export const VinGroupResult = VinHead.extend({
  /** Number of categories (groups). */
  ...PageFields,
  groups: z.array(VinCategory.extend({ list: z.array(ProductRow) })),
});
export type VinGroupResult = z.infer<typeof VinGroupResult>;

export const VinHotListRequest = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** gethotlist: the company's recent VIN searches, one entry per VIN, newest first. */
export const VinHotItem = z.object({
  vin: z.string(),
  /** '奔驰 C级 C 260 L 豪华型' or what was decoded ('一汽-大众') when not placed. */
  vehicle_name: z.string(),
  model_year: z.number().int().nullable(),
  times: z.number().int(),
  searched_at: z.string(),
});
export const VinHotList = z.object({ list: z.array(VinHotItem) });
export type VinHotList = z.infer<typeof VinHotList>;

/** POST /api/Vin/ocr: a photo as a data URL or plain base64. */
export const VinOcrRequest = z.object({ filebase64: z.string().min(1, '请选择图片') });
export const VinOcrResult = z.object({ vin: z.string() });
export type VinOcrResult = z.infer<typeof VinOcrResult>;

export { NO_VIN_IN_IMAGE_TEXT } from '../vin';
