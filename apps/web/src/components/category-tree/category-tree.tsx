import { useEffect, useState } from 'react';
import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { CategoryNode } from '@shop/core/api/home';
import styles from './category-tree.module.css';

/**
 * The category tree (spec.md section 2): nodes expand and collapse; clicking a node selects it,
 * clicking the active node again deselects it (`onSelect(null)`). The active node and its
 * ancestors open by themselves.
 */
export interface CategoryTreeProps {
  nodes: CategoryNode[];
  activeId?: number | null;
  onSelect: (node: CategoryNode | null) => void;
}

function pathTo(nodes: CategoryNode[], id: number): number[] | null {
  for (const node of nodes) {
    if (node.product_type_id === id) return [id];
    const sub = pathTo(node.children, id);
    if (sub) return [node.product_type_id, ...sub];
  }
  return null;
}

export function CategoryTree({ nodes, activeId, onSelect }: CategoryTreeProps) {
  const [open, setOpen] = useState<Set<number>>(new Set());

  useEffect(() => {
    if (activeId == null) return;
    const path = pathTo(nodes, activeId);
    // The active node opens too, as a click on it does: a dealer who comes from a breadcrumb
    // or a link to a category sees its sub-categories.
    if (path) setOpen((prev) => new Set([...prev, ...path]));
  }, [nodes, activeId]);

  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const render = (list: CategoryNode[], depth: number) => (
    <ul className={styles.list} role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? '配件分类' : undefined}>
      {list.map((node) => {
        const id = node.product_type_id;
        const hasChildren = node.children.length > 0;
        const expanded = open.has(id);
        const active = activeId === id;
        return (
          <li key={id} role="treeitem" aria-expanded={hasChildren ? expanded : undefined} aria-selected={active}>
            <div className={`${styles.node} ${active ? styles.active : ''}`} style={{ paddingLeft: 8 + depth * 14 }}>
              <button
                type="button"
                className={styles.caret}
                aria-label={expanded ? `收起 ${node.l_name_zh}` : `展开 ${node.l_name_zh}`}
                tabIndex={hasChildren ? 0 : -1}
                style={{ visibility: hasChildren ? 'visible' : 'hidden' }}
                onClick={() => toggle(id)}
              >
                {expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
              </button>
              <button
                type="button"
                className={styles.label}
                onClick={() => {
                  if (active) onSelect(null);
                  else {
                    onSelect(node);
                    if (hasChildren && !expanded) toggle(id);
                  }
                }}
              >
                {node.l_name_zh}
              </button>
            </div>
            {hasChildren && expanded && render(node.children, depth + 1)}
          </li>
        );
      })}
    </ul>
  );

  return <div className={styles.tree}>{render(nodes, 0)}</div>;
}
