import type { AdminCategory, AdminMake } from '@shop/core/api/admin-catalog';

/** The category tree as antd's TreeSelect takes it; only level-3 categories hold parts (`leavesOnly`). */
export interface TreeOption {
  value: number | string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: TreeOption[];
}

export function categoryTree(
  list: readonly Pick<AdminCategory, 'id' | 'parent_id' | 'level' | 'l_name_zh'>[],
  leavesOnly = false,
): TreeOption[] {
  const build = (parent: number | null): TreeOption[] =>
    list
      .filter((c) => c.parent_id === parent)
      .map((c) => {
        const children = build(c.id);
        return {
          value: c.id,
          title: c.l_name_zh,
          ...(leavesOnly && c.level !== 3 ? { selectable: false } : {}),
          ...(children.length > 0 ? { children } : {}),
        };
      });
  return build(null);
}

/** Makes, series and models for the fitment picker: only models are values (series and makes group them). */
export function vehicleTreeOptions(makes: readonly AdminMake[]): TreeOption[] {
  return makes.map((m) => ({
    value: `make-${m.id}`,
    title: m.name_zh,
    children: m.series.map((s) => ({
      value: `series-${s.id}`,
      title: `${m.name_zh}${s.name_zh}`,
      children: s.models.map((x) => ({
        value: x.id,
        title: `${x.name_zh}（${x.chassis_code ? `${x.chassis_code} ` : ''}${x.engine_code} ${x.year_from}-${x.year_to ?? ''}）`,
      })),
    })),
  }));
}

function holds(tree: readonly TreeOption[], value: number | string): boolean {
  return tree.some((o) => o.value === value || (o.children !== undefined && holds(o.children, value)));
}

/**
 * The tree with a disabled entry titled `title` for `value` where the tree has none (an id of the
 * address that names nothing, or the tree still loading), so that the field never shows the bare
 * number as if it named something (TreeSelect has no labelRender, unlike Select: idLabel).
 */
export function withMissingOption(tree: TreeOption[], value: number | undefined, title: string): TreeOption[] {
  if (value === undefined || holds(tree, value)) return tree;
  return [...tree, { value, title, disabled: true }];
}
