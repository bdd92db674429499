import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/catalog';
import type { CategoryChildren } from '@shop/core/api/catalog';
import { cached } from './ttl-cache';

/** Children of a category (or the level-1 groups) with the breadcrumb path to it. */
export async function getCategoryChildren(db: Db, categoryId: number | undefined): Promise<CategoryChildren | null> {
  const breadcrumbs: CategoryChildren['breadcrumbs'] = [];
  if (categoryId !== undefined) {
    const path = await db.execute(sql`
      with recursive up as (
        select id, parent_id, l_name_zh, level from categories where id = ${categoryId}
        union all
        select c.id, c.parent_id, c.l_name_zh, c.level from categories c join up on c.id = up.parent_id
      ) select id, l_name_zh from up order by level`);
    if (path.rows.length === 0) return null;
    for (const row of path.rows as { id: number; l_name_zh: string }[]) {
      breadcrumbs.push({ product_type_id: Number(row.id), l_name_zh: row.l_name_zh });
    }
  }
  const rows = await db
    .select({
      id: categories.id,
      name: categories.lNameZh,
      level: categories.level,
      hasChildren: sql<boolean>`exists(select 1 from categories c2 where c2.parent_id = categories.id)`,
    })
    .from(categories)
    .where(categoryId === undefined ? isNull(categories.parentId) : eq(categories.parentId, categoryId))
    .orderBy(asc(categories.sort), asc(categories.id));
  return {
    list: rows.map((r) => ({
      product_type_id: r.id,
      l_name_zh: r.name,
      level: r.level,
      has_children: r.hasChildren ? 1 : 0,
    })),
    breadcrumbs,
  };
}

/**
 * The category and every category below it. The tree changes with the catalog, so the answer is
 * cached like the other catalog figures (ttl-cache.ts): a list page costs one round trip less.
 */
export function categoryWithDescendants(db: Db, categoryId: number): Promise<number[]> {
  return cached(db, `category-down:${categoryId}`, async () => {
    const result = await db.execute(sql`
      with recursive down as (
        select id from categories where id = ${categoryId}
        union all
        select c.id from categories c join down on c.parent_id = down.id
      ) select id from down`);
    return (result.rows as { id: number }[]).map((r) => Number(r.id));
  });
}
