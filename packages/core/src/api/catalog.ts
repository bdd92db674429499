import { z } from 'zod';
import { idInput } from './id-input';

/**
 * Shapes of the category and vehicle browsing calls (getCategoryChild, getCarTree)
 * (spec.md names the endpoints, not their fields).
 */
export const CategoryChildRequest = z.object({
  product_type_id: idInput('分类编号不正确').optional(),
});

export const CategoryRef = z.object({ product_type_id: z.number().int(), l_name_zh: z.string() });

export const CategoryChildren = z.object({
  /** The children of the category (the five groups when no category is given). */
  list: z.array(CategoryRef.extend({ level: z.number().int(), has_children: z.union([z.literal(0), z.literal(1)]) })),
  /** The path from the root to the category itself ([] for the root). */
  breadcrumbs: z.array(CategoryRef),
});
export type CategoryChildren = z.infer<typeof CategoryChildren>;
export type CategoryRef = z.infer<typeof CategoryRef>;

export const CarTree = z.object({
  list: z.array(
    z.object({
      make_id: z.number().int(),
      brand_name_zh: z.string(),
      series: z.array(
        z.object({
          series_id: z.number().int(),
          series_name: z.string(),
          pic: z.string(),
          models: z.array(
            z.object({
              model_id: z.number().int(),
              vehicle_group: z.string(),
              chassis_code: z.string(),
              engine_name: z.string(),
              transmission: z.string(),
              displacement: z.string(),
              year: z.string(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type CarTree = z.infer<typeof CarTree>;

/** A category the server or the tree does not know (an old link), on every catalog page. */
export const CATEGORY_MISSING_TEXT = '分类不存在';
