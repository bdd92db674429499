import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { idLabel } from '../../components/filter-bar';
import { financeQueries } from './finance-api';

/** A company chosen by name (searched among all companies; the value is its id). */
export function CompanySelect({
  value,
  onChange,
  disabled,
  width = 320,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  disabled?: boolean;
  width?: number;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery(financeQueries.companies(keyword));
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      style={{ width }}
      placeholder="输入公司名称搜索"
      loading={found.isFetching}
      labelRender={idLabel((id) => `公司编号 ${id}`, found.isPending)}
      notFoundContent={found.isError ? '加载失败' : '没有找到公司'}
      options={(found.data?.list ?? []).map((c) => ({ value: c.company_id, label: c.company_name }))}
      aria-label="公司"
    />
  );
}
