import { useEffect, useState } from 'react';
import { Button, DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import styles from './paged-table.module.css';

type Text<F> = Extract<keyof F, string>;

export interface FilterBarProps<F extends Record<string, string>> {
  /** The filters the list is showing (from the address, `useUrlFilters`). */
  filters: F;
  /** Applies the typed filters (`setFilters`: back to page 1, into the address). */
  onSearch: (next: Partial<F>) => void;
  /** The text inputs, in order. */
  inputs: { name: Text<F>; placeholder: string }[];
  /** A date range picker writing two filters (YYYY-MM-DD). */
  dateRange?: { start: Text<F>; end: Text<F>; label: string; placeholder: [string, string] };
  /** Shows 重置, which clears every filter of the bar. */
  onReset?: () => void;
}

/**
 * The filter row above a paged list: text inputs and an optional date range typed into a draft,
 * applied by 查询 or Enter. Back, forward and reload bring the address's filters into the inputs.
 */
export function FilterBar<F extends Record<string, string>>({
  filters,
  onSearch,
  inputs,
  dateRange,
  onReset,
}: FilterBarProps<F>) {
  const names = [...inputs.map((i) => i.name), ...(dateRange ? [dateRange.start, dateRange.end] : [])];
  const shown = Object.fromEntries(names.map((name) => [name, filters[name] ?? ''])) as Partial<F>;
  const shownKey = JSON.stringify(shown);
  const [draft, setDraft] = useState<Partial<F>>(shown);
  useEffect(() => setDraft(JSON.parse(shownKey) as Partial<F>), [shownKey]);

  const search = () =>
    onSearch(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, String(v ?? '').trim()])) as Partial<F>);
  const start = dateRange ? draft[dateRange.start] : undefined;
  const end = dateRange ? draft[dateRange.end] : undefined;

  return (
    <div className={styles.filters}>
      {inputs.map(({ name, placeholder }) => (
        <Input
          key={name}
          className={styles.filterInput}
          placeholder={placeholder}
          allowClear
          value={draft[name] ?? ''}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
          onPressEnter={search}
        />
      ))}
      {dateRange && (
        <DatePicker.RangePicker
          aria-label={dateRange.label}
          placeholder={dateRange.placeholder}
          // One end alone (an address with only end_date) is shown too: what filters is what shows.
          value={start || end ? [start ? dayjs(start) : null, end ? dayjs(end) : null] : null}
          onChange={(_, [s, e]) => setDraft({ ...draft, [dateRange.start]: s, [dateRange.end]: e })}
        />
      )}
      <Button type="primary" onClick={search}>
        查询
      </Button>
      {onReset && <Button onClick={onReset}>重置</Button>}
    </div>
  );
}
