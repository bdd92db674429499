import { useState } from 'react';
import { Button, Drawer, Form, InputNumber, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartPrices, PriceHistoryEntry, PriceRow, SetPricesRequest } from '@shop/core/api/admin-prices';
import { RowsTable } from '../../components/rows-table';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { apiGet, apiPost } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useSingleFlight } from '../../lib/use-single-flight';
import { usePartLookup } from './part-lookup';

const SOURCE_NAMES: Record<PriceHistoryEntry['source'], string> = { manual: '手工', import: '导入', rollback: '回滚' };

/** /admin/prices: parts with every price label of the brand; a part's prices and history in a drawer (prices.manage). */
export function PricesPage() {
  const { paging, query, filterBar } = usePartLookup<PriceRow>('/api/admin/prices', 'prices');
  const [editing, setEditing] = useState<number | null>(null);
  const labels = query.data?.list[0]?.prices ?? [];
  const columns: TableColumnsType<PriceRow> = [
    { title: '编号', dataIndex: 'frey_no' },
    { title: '名称', dataIndex: 'l_name_zh' },
    { title: 'OE号', dataIndex: 'oe_number' },
    ...labels.map((l, i) => ({
      title: l.label,
      key: l.key,
      render: (_: unknown, row: PriceRow) => row.prices[i]?.amount ?? '—',
    })),
    {
      title: '操作',
      key: 'edit',
      render: (_, row) => (
        <Button type="link" onClick={() => setEditing(row.id)}>
          调价
        </Button>
      ),
    },
  ];
  return (
    <PageShell title="价格管理">
      {filterBar}
      <PagedTable<PriceRow> query={query} columns={columns} rowKey="id" paging={paging} emptyText="暂无配件" />
      <Drawer title="配件价格" size="large" open={editing !== null} onClose={() => setEditing(null)} destroyOnHidden>
        {editing !== null ? <PriceEditor productId={editing} /> : null}
      </Drawer>
    </PageShell>
  );
}

/** A part's prices (the form sends what it showed, so a save over someone else's change is refused) and history. */
export function PriceEditor({ productId }: { productId: number }) {
  const client = useQueryClient();
  const key = ['admin', 'prices', 'part', productId];
  const part = useQuery({
    queryKey: key,
    queryFn: () => apiGet<PartPrices>(`/api/admin/prices/${productId}`),
    meta: { showError: false },
  });
  const [form] = Form.useForm<Record<string, number | null>>();
  const mutation = useMutation({
    mutationFn: (body: SetPricesRequest) => apiPost(`/api/admin/prices/${productId}`, body),
    onSuccess: () => notify.success('已保存'),
    // Saved or refused (someone changed it meanwhile): the form shows the prices as they are now.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'prices'] }),
  });
  const save = useSingleFlight(async () => {
    const values = await form.validateFields();
    const shown = part.data!.prices;
    const body: SetPricesRequest = { prices: {}, expected: {} };
    for (const p of shown) {
      const value = values[p.key];
      if (value === null || value === undefined) continue;
      const amount = value.toFixed(2);
      if (amount === p.amount) continue;
      body.prices[p.key] = amount;
      body.expected[p.key] = p.amount;
    }
    if (Object.keys(body.prices).length === 0) {
      notify.error('没有需要保存的修改');
      return;
    }
    await mutation.mutateAsync(body);
  });
  if (part.isError) return <LoadError error={part.error} onRetry={() => void part.refetch()} />;
  if (!part.data) return <div>加载中…</div>;
  const { part: ref, prices, history } = part.data;
  return (
    <>
      <p>
        <strong>{ref.l_name_zh}</strong>（{ref.frey_no}，OE {ref.oe_number}）
      </p>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        key={JSON.stringify(prices)}
        initialValues={Object.fromEntries(prices.map((p) => [p.key, p.amount === null ? null : Number(p.amount)]))}
        onFinish={() => void save.run()}
      >
        {prices.map((p) => (
          <Form.Item key={p.key} name={p.key} label={p.label}>
            <InputNumber
              min={0}
              max={9_999_999_999}
              precision={2}
              step={1}
              style={{ width: 180 }}
              placeholder="未定价"
            />
          </Form.Item>
        ))}
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Button type="primary" htmlType="submit" loading={save.busy}>
            保存价格
          </Button>
        </Form.Item>
      </Form>
      <h4>调价记录</h4>
      <RowsTable<PriceHistoryEntry>
        rowKey="id"
        rows={history}
        emptyText="暂无调价记录"
        columns={[
          { title: '时间', dataIndex: 'at' },
          { title: '价格', dataIndex: 'label' },
          { title: '原价', dataIndex: 'old_amount', render: (v: string | null) => v ?? '—' },
          { title: '新价', dataIndex: 'new_amount', render: (v: string | null) => v ?? '—' },
          { title: '操作人', dataIndex: 'staff_name' },
          {
            title: '来源',
            dataIndex: 'source',
            render: (s: PriceHistoryEntry['source'], h) => (
              <Tag>{h.batch_id ? `${SOURCE_NAMES[s]} #${h.batch_id}` : SOURCE_NAMES[s]}</Tag>
            ),
          },
        ]}
      />
    </>
  );
}
