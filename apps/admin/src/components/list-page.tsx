import type { ReactNode } from 'react';
import { Form, Input, Select, type FormItemProps } from 'antd';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useUrlQuery, type UrlQuery } from '../lib/use-url-query';
import { UrlFilterBar } from './filter-bar';
import { PageShell } from './page-shell';
import { PagedTable, type Page, type PagedTableProps } from './paged-table';

/**
 * A back-office list screen's plumbing: the filters and the page in the address
 * (lib/use-url-query.ts), read by `parse` into what the API takes (a malformed value is left
 * out), and the page's query (`ask`: its options) asked with them and the pager's page and limit.
 */
export interface UrlList<K extends string, S, D extends Page<object>> {
  paging: UrlQuery<K>;
  /** The filters as the API takes them (without page and limit). */
  search: S;
  query: UseQueryResult<D>;
}

export function useUrlList<K extends string, S, D extends Page<object>, R = D, Q extends QueryKey = QueryKey>(
  keys: readonly K[],
  parse: (filters: Record<K, string>) => S,
  ask: (params: S & { page: number; limit: number }) => UseQueryOptions<R, Error, D, Q>,
): UrlList<K, S, D> {
  const paging = useUrlQuery(keys);
  const search = parse(paging.filters);
  const query = useQuery(ask({ ...search, page: paging.page, limit: paging.limit }));
  return { paging, search, query };
}

/**
 * A back-office list screen: its title and actions, the filter bar bound to the address (the
 * form fields as `children`; `numbers` names the fields whose form values are numbers), what
 * stands above the list (`above`) and the server-paged table.
 */
export function ListPage<K extends string, S, T extends object>({
  title,
  extra,
  list,
  numbers,
  above,
  table,
  after,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  list: UrlList<K, S, Page<T>>;
  numbers?: readonly K[];
  above?: ReactNode;
  table: Omit<PagedTableProps<T>, 'query' | 'paging'>;
  /** Dialogs the page opens. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageShell title={title} extra={extra}>
      {above ? <div style={{ marginBottom: 16 }}>{above}</div> : null}
      <UrlFilterBar query={list.paging} search={list.search as object} numbers={numbers}>
        {children}
      </UrlFilterBar>
      <PagedTable<T> query={list.query} paging={list.paging} {...table} />
      {after}
    </PageShell>
  );
}

/** A text filter of a filter bar (form field `name`). */
export function TextFilter({
  name,
  label,
  placeholder,
  maxLength,
  width,
  rules,
}: {
  name: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  width: number;
  /** What 查询 checks first (a format), with its Chinese message. */
  rules?: FormItemProps['rules'];
}) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <Input placeholder={placeholder} allowClear maxLength={maxLength} style={{ width }} />
    </Form.Item>
  );
}

/**
 * A choice filter of a filter bar (form field `name`): one of `values`, each shown by its text
 * in `texts` (core's value lists and their texts); cleared, every value (`placeholder`, by
 * default 全部 and the label).
 */
export function ChoiceFilter<V extends string>({
  name,
  label,
  placeholder = `全部${label}`,
  width,
  values,
  texts,
}: {
  name: string;
  label: string;
  placeholder?: string;
  width: number;
  values: readonly V[];
  texts: Record<V, string>;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select
        placeholder={placeholder}
        allowClear
        style={{ width }}
        options={values.map((value) => ({ value, label: texts[value] }))}
      />
    </Form.Item>
  );
}
