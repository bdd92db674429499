import { useEffect, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CONSTANTS } from '@shop/core/constants';
import { clampPage, isNextDisabled, isPrevDisabled, pageCount, sanitizeQuantity } from '@shop/core/part-display';
import styles from './pagination-bar.module.css';

/**
 * The pagination bar (spec.md sections 2, 5 and 9): '共 n 条', page sizes 10–200, previous and
 * next arrows and a page number input. A page below 1 becomes 1, a page past the end the last
 * one, an emptied input the current page; next is disabled at the last page. Changing the size
 * goes back to page 1.
 */
export interface PaginationBarProps {
  total: number;
  page: number;
  limit: number;
  onChange: (page: number, limit: number) => void;
  disabled?: boolean;
}

export function PaginationBar({ total, page, limit, onChange, disabled }: PaginationBarProps) {
  const pages = pageCount(total, limit);
  const [input, setInput] = useState(String(page));
  useEffect(() => setInput(String(page)), [page]);

  const go = (target: number) => {
    const next = clampPage(target, total, limit);
    setInput(String(next));
    if (next !== page) onChange(next, limit);
  };
  /** The number typed; an emptied input (left or entered without a number) stays on this page. */
  const goToInput = () => {
    if (input === '') setInput(String(page));
    else go(sanitizeQuantity(input));
  };

  return (
    <nav className={styles.bar} aria-label="分页">
      <span className={styles.total}>共 {total} 条</span>
      <Select
        size="small"
        className={styles.size}
        aria-label="每页条数"
        value={limit}
        disabled={disabled}
        options={CONSTANTS.pageSizes.map((n) => ({ value: n, label: `${n} 条/页` }))}
        onChange={(size: number) => onChange(1, size)}
      />
      <Button
        size="small"
        icon={<LeftOutlined />}
        aria-label="上一页"
        disabled={disabled || isPrevDisabled(page)}
        onClick={() => go(page - 1)}
      />
      <span className={styles.pages} data-testid="page-indicator">
        {page} / {pages}
      </span>
      <Button
        size="small"
        icon={<RightOutlined />}
        aria-label="下一页"
        disabled={disabled || isNextDisabled(page, total, limit)}
        onClick={() => go(page + 1)}
      />
      <span className={styles.jump}>
        前往
        <Input
          size="small"
          className={styles.pageInput}
          aria-label="页码"
          inputMode="numeric"
          value={input}
          disabled={disabled}
          onChange={(e) => setInput(e.target.value.replace(/\D/g, ''))}
          onPressEnter={goToInput}
          onBlur={goToInput}
        />
        页
      </span>
    </nav>
  );
}
