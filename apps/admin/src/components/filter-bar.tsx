import type { ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { idOf } from '@shop/core/api/id-input';
import { isDay, isMonth } from '@shop/core/days';
import type { UrlQuery } from '../lib/use-url-query';

/** A date range filter's value (antd RangePicker) and its two address fields 'YYYY-MM-DD'. */
export type DayRange = [Dayjs | null, Dayjs | null] | null;
const DAY = 'YYYY-MM-DD';

export function dayRangeOf(start: string, end: string): DayRange {
  const s = isDay(start) ? dayjs(start) : null;
  const e = isDay(end) ? dayjs(end) : null;
  return s || e ? [s, e] : null;
}

export function dayRangeFields(range: DayRange | undefined): { start_date?: string; end_date?: string } {
  return { start_date: range?.[0]?.format(DAY), end_date: range?.[1]?.format(DAY) };
}

/** The date range field of a filter bar (form field `dates`, either end may stay open). */
export function DayRangeItem({ label }: { label: string }) {
  return (
    <Form.Item name="dates" label={label}>
      <DatePicker.RangePicker allowEmpty={[true, true]} />
    </Form.Item>
  );
}

/** A day from the address as the API takes it, or nothing when it is malformed. */
export const validDay = (value: string): string | undefined => (isDay(value) ? value : undefined);

/** The company number filter (form field `company_id`, digits only). */
export function CompanyIdItem() {
  return (
    <Form.Item name="company_id" label="公司编号" rules={[{ pattern: /^\d{1,10}$/, message: '公司编号应为数字' }]}>
      <Input placeholder="如 1" allowClear maxLength={10} style={{ width: 120 }} />
    </Form.Item>
  );
}

/** A month 'YYYY-MM' from the address as the API takes it, or nothing when it is malformed (2026-13). */
export const validMonth = (value: string): string | undefined => (isMonth(value) ? value : undefined);

/**
 * What a select of ids shows for a value none of its options has (an id of the address that names
 * nothing, or options not loaded yet): '加载中…' or `unknown(value)`, never the bare number as if
 * it named something (antd Select's labelRender).
 */
export const idLabel =
  (unknown: (value: string) => string, loading: boolean) =>
  ({ label, value }: { label?: ReactNode; value: string | number }): ReactNode =>
    label ?? (loading ? '加载中…' : unknown(String(value)));

/** A value of the address among `values` (a status, a kind), or nothing when it is none of them. */
export const oneOf = <V extends string>(values: readonly V[], value: string): V | undefined =>
  (values as readonly string[]).includes(value) ? (value as V) : undefined;

/**
 * The filters above a list: the page's fields, 查询 and 重置. The values come from the address
 * and go back to it (lib/use-url-query.ts); the form starts again whenever the address changes.
 */
export function FilterBar<V extends object>({
  initial,
  onSearch,
  children,
}: {
  initial: V;
  onSearch: (values: V) => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      key={JSON.stringify(initial)}
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              const empty = Object.fromEntries(Object.keys(initial).map((k) => [k, undefined])) as V;
              form.setFieldsValue(empty as never);
              onSearch(empty);
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

type FormValues = Record<string, string | number | DayRange | undefined>;

/**
 * What a filter of the address stands for in the form: the page's reading of it (`search`, what
 * the list was asked with) when the page reads it under its own name, so a value the page left
 * out (an unknown status, a malformed id) shows as an empty field rather than as if it filtered,
 * and a value the page put in its stead (a default) shows as that; else the address's own text.
 */
function shownValue(text: string, read: Record<string, unknown> | undefined, key: string, isNumber: boolean) {
  const value = read && key in read ? read[key] : text;
  if (value === undefined || value === null || value === '') return undefined;
  if (isNumber) return typeof value === 'number' ? value : idOf(String(value));
  return String(value);
}

/**
 * A filter bar bound to the address (lib/use-url-query.ts): each form field named like its filter
 * starts from the address as the page read it (`search`: see shownValue), and a
 * `start_date`/`end_date` pair is the form field `dates` (DayRangeItem). The fields named in
 * `numbers` hold numbers (ids picked from a list); a value of the address that is no number
 * leaves them empty. 查询 writes the fields back (page 1), 重置 clears them.
 */
export function UrlFilterBar<K extends string>({
  query: { filters, setFilters },
  search,
  numbers = [],
  children,
}: {
  query: Pick<UrlQuery<K>, 'filters' | 'setFilters'>;
  /** The page's reading of the filters (useUrlList's `search`). */
  search?: object;
  numbers?: readonly K[];
  children: ReactNode;
}) {
  const byDay = 'start_date' in filters;
  const read = search as Record<string, unknown> | undefined;
  const isNumber = (key: string) => (numbers as readonly string[]).includes(key);
  const initial: FormValues = {};
  for (const [key, value] of Object.entries<string>(filters))
    if (key !== 'start_date' && key !== 'end_date') initial[key] = shownValue(value, read, key, isNumber(key));
  if (byDay)
    initial.dates = dayRangeOf(
      String(shownValue(filters['start_date' as K], read, 'start_date', false) ?? ''),
      String(shownValue(filters['end_date' as K], read, 'end_date', false) ?? ''),
    );
  const submit = ({ dates, ...fields }: FormValues) => {
    const values: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(fields))
      values[key] = typeof value === 'number' ? String(value) : (value as string | undefined);
    setFilters({ ...values, ...(byDay ? dayRangeFields(dates as DayRange | undefined) : {}) } as Partial<
      Record<K, string | undefined>
    >);
  };
  return (
    <FilterBar<FormValues> initial={initial} onSearch={submit}>
      {children}
    </FilterBar>
  );
}
