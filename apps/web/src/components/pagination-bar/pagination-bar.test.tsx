import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PaginationBar } from './pagination-bar';

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const pressEnter = () => {
  fireEvent.keyDown(pageInput(), { key: 'Enter', keyCode: 13 });
  fireEvent.keyUp(pageInput(), { key: 'Enter', keyCode: 13 });
};
const pageInput = () => screen.getByRole('textbox', { name: '页码' }) as HTMLInputElement;

describe('PaginationBar', () => {
  it('shows the total and pages = ceil(total / size)', () => {
    render(<PaginationBar total={25} page={1} limit={10} onChange={vi.fn()} />);
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(screen.getByTestId('page-indicator').textContent).toBe('1 / 3');
    expect(button('上一页').disabled).toBe(true);
    expect(button('下一页').disabled).toBe(false);
  });

  it('disables next at the last page', () => {
    const onChange = vi.fn();
    render(<PaginationBar total={25} page={3} limit={10} onChange={onChange} />);
    expect(button('下一页').disabled).toBe(true);
    fireEvent.click(button('上一页'));
    expect(onChange).toHaveBeenCalledWith(2, 10);
  });

  it('page input: digits only, below 1 → 1, past the end → last page', () => {
    const onChange = vi.fn();
    render(<PaginationBar total={25} page={2} limit={10} onChange={onChange} />);
    fireEvent.change(pageInput(), { target: { value: '0' } });
    pressEnter();
    expect(onChange).toHaveBeenLastCalledWith(1, 10);
    fireEvent.change(pageInput(), { target: { value: '9x' } });
    expect(pageInput().value).toBe('9');
    pressEnter();
    expect(onChange).toHaveBeenLastCalledWith(3, 10);
    expect(pageInput().value).toBe('3');
  });

  it('an emptied page input stays on the current page, on blur and on Enter', () => {
    const onChange = vi.fn();
    render(<PaginationBar total={500} page={37} limit={10} onChange={onChange} />);
    fireEvent.change(pageInput(), { target: { value: '' } });
    fireEvent.blur(pageInput());
    expect(onChange).not.toHaveBeenCalled();
    expect(pageInput().value).toBe('37');
    fireEvent.change(pageInput(), { target: { value: '' } });
    pressEnter();
    expect(onChange).not.toHaveBeenCalled();
    expect(pageInput().value).toBe('37');
  });

  it('offers the page sizes 10 to 200 and goes back to page 1 on a change', () => {
    const onChange = vi.fn();
    render(<PaginationBar total={500} page={4} limit={10} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '每页条数' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options.length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTitle('50 条/页'));
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });
});
