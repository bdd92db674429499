import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { CategoryNode } from '@shop/core/api/home';
import { CategoryTree } from './category-tree';

const node = (id: number, name: string, children: CategoryNode[] = []): CategoryNode => ({
  product_type_id: id,
  l_name_zh: name,
  children,
  categoryCarouselItemTotal: 0,
});
const tree = [
  node(1, '制动系统', [node(11, '刹车片', [node(111, '前刹车片')]), node(12, '刹车盘')]),
  node(2, '滤清器'),
];

describe('CategoryTree', () => {
  it('expands nodes and selects on click; clicking the active node again deselects it', () => {
    const onSelect = vi.fn();
    const { rerender } = render(<CategoryTree nodes={tree} activeId={null} onSelect={onSelect} />);
    expect(screen.queryByText('刹车片')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开 制动系统' }));
    expect(screen.getByText('刹车片')).toBeTruthy();
    fireEvent.click(screen.getByText('刹车盘'));
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ product_type_id: 12 }));

    rerender(<CategoryTree nodes={tree} activeId={12} onSelect={onSelect} />);
    fireEvent.click(screen.getByText('刹车盘'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
    fireEvent.click(screen.getByRole('button', { name: '收起 制动系统' }));
    expect(screen.queryByText('刹车盘')).toBeNull();
  });

  it('opens the active node given from outside (a link, a breadcrumb), as a click would', () => {
    render(<CategoryTree nodes={tree} activeId={1} onSelect={vi.fn()} />);
    expect(screen.getByText('制动系统').closest('[role="treeitem"]')?.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('刹车片')).toBeTruthy();
    expect(screen.getByText('刹车盘')).toBeTruthy();
  });

  it('opens the ancestors of the active node', () => {
    render(<CategoryTree nodes={tree} activeId={111} onSelect={vi.fn()} />);
    expect(screen.getByText('前刹车片').closest('[role="treeitem"]')?.getAttribute('aria-selected')).toBe('true');
  });
});
