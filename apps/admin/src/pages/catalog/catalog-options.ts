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
