import type { CategoryNode } from '@shop/core/api/home';

/** The nodes from the root down to the category `id`, or [] when it is not in the tree. */
export function categoryPath(nodes: CategoryNode[], id: number): CategoryNode[] {
  for (const node of nodes) {
    if (node.product_type_id === id) return [node];
    const sub = categoryPath(node.children, id);
    if (sub.length > 0) return [node, ...sub];
  }
  return [];
}

/** Where a category's own page is: level 2 → /parts/category, level 3 → /parts/sub_categories, else the list. */
export function categoryLink(id: number, level: number): string {
  if (level === 2) return `/parts/category?id=${id}`;
  if (level >= 3) return `/parts/sub_categories?id=${id}`;
  return `/parts/list?product_type_id=${id}`;
}
