import { useState } from 'react';
import { Button, Form, InputNumber, Modal, Select, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetStockRequest, StockRow } from '@shop/core/api/admin-prices';
import { PageShell } from '../../components/page-shell';
import { PagedTable } from '../../components/paged-table';
import { apiPost } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useSingleFlight } from '../../lib/use-single-flight';
import { usePartLookup } from '../prices/part-lookup';
import { ChoiceItem } from '../../components/choice-item';

/** /admin/stock: parts with their stock per warehouse (available and in transit); set or adjust (stock.manage). */
export function StockPage() {
  const { paging, query, filterBar } = usePartLookup<StockRow>('/api/admin/stock', 'stock');
  const [editing, setEditing] = useState<StockRow | null>(null);
  const warehouses = query.data?.list[0]?.stocks ?? [];
  const columns: TableColumnsType<StockRow> = [
    { title: '编号', dataIndex: 'frey_no' },
    { title: '名称', dataIndex: 'l_name_zh' },
    { title: 'OE号', dataIndex: 'oe_number' },
    ...warehouses.flatMap((w, i) => [
      {
        title: `${w.warehouse}可用`,
        key: `a${w.warehouse_id}`,
        render: (_: unknown, r: StockRow) => r.stocks[i]?.available,
      },
      {
        title: `${w.warehouse}在途`,
        key: `t${w.warehouse_id}`,
        render: (_: unknown, r: StockRow) => r.stocks[i]?.in_transit,
      },
    ]),
    {
      title: '操作',
      key: 'edit',
      render: (_, row) => (
        <Button type="link" onClick={() => setEditing(row)}>
          改库存
        </Button>
      ),
    },
  ];
  return (
    <PageShell title="库存管理">
      {filterBar}
      <PagedTable<StockRow> query={query} columns={columns} rowKey="id" paging={paging} emptyText="暂无配件" />
      {editing ? <StockDialog row={editing} onClose={() => setEditing(null)} /> : null}
    </PageShell>
  );
}

interface StockForm {
  warehouse_id: number;
  mode: 'set' | 'adjust';
  available: number;
  in_transit: number;
}

/** A warehouse's two figures, each set or adjusted by the same kind of field. */
const STOCK_FIGURES = [
  { name: 'available', label: '可用库存' },
  { name: 'in_transit', label: '在途库存' },
] as const;

/** Sets a warehouse's figures (sending what the list showed) or adds to them. */
export function StockDialog({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const client = useQueryClient();
  const [form] = Form.useForm<StockForm>();
  const mode = Form.useWatch('mode', form) ?? 'set';
  const mutation = useMutation({
    mutationFn: (body: SetStockRequest) => apiPost(`/api/admin/stock/${row.id}`, body),
    onSuccess: () => {
      notify.success('已保存');
      onClose();
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'stock'] }),
  });
  const save = useSingleFlight(async () => {
    const v = await form.validateFields();
    const shown = row.stocks.find((w) => w.warehouse_id === v.warehouse_id)!;
    await mutation.mutateAsync(
      v.mode === 'set'
        ? {
            mode: 'set',
            warehouse_id: v.warehouse_id,
            available: v.available,
            in_transit: v.in_transit,
            expected: { available: shown.available, in_transit: shown.in_transit },
          }
        : { mode: 'adjust', warehouse_id: v.warehouse_id, available: v.available, in_transit: v.in_transit },
    );
  });
  const first = row.stocks[0]!;
  return (
    <Modal
      open
      title={`修改库存：${row.l_name_zh}（${row.frey_no}）`}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.busy}
      onOk={() => void save.run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<StockForm>
        form={form}
        layout="vertical"
        initialValues={{
          warehouse_id: first.warehouse_id,
          mode: 'set',
          available: first.available,
          in_transit: first.in_transit,
        }}
        onValuesChange={(changed: Partial<StockForm>, all) => {
          if (changed.warehouse_id !== undefined || changed.mode !== undefined) {
            const w = row.stocks.find((s) => s.warehouse_id === all.warehouse_id)!;
            form.setFieldsValue(
              all.mode === 'set'
                ? { available: w.available, in_transit: w.in_transit }
                : { available: 0, in_transit: 0 },
            );
          }
        }}
      >
        <Form.Item name="warehouse_id" label="仓库">
          <Select options={row.stocks.map((w) => ({ value: w.warehouse_id, label: w.warehouse }))} />
        </Form.Item>
        <ChoiceItem name="mode" label="方式" choices={{ set: '设为', adjust: '增减' }} />
        {STOCK_FIGURES.map(({ name, label }) => (
          <Form.Item
            key={name}
            name={name}
            label={mode === 'set' ? label : `${label}增减（负数为减少）`}
            rules={[{ required: true, message: '请输入数量' }]}
          >
            <InputNumber precision={0} min={mode === 'set' ? 0 : undefined} style={{ width: 200 }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
