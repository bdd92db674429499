import { useMemo, useState } from 'react';
import { Alert, Form, InputNumber, Modal, Radio } from 'antd';
import type { AdminOrderDetail } from '@shop/core/api/admin';
import { WAREHOUSE_NAMES, type WarehouseId } from '@shop/core/constants';
import { CarrierFields } from '../../components/carrier-fields';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useShip } from './orders-api';
import { RowsTable } from '../../components/rows-table';

type Line = AdminOrderDetail['items'][number];

interface ShipForm {
  carrier: string;
  tracking_no: string;
  packages: number;
}

export const remainingOf = (line: Line) => Math.max(0, line.quantity - line.shipped_quantity);

export function warehouseName(id: number): string {
  return WAREHOUSE_NAMES[id as WarehouseId] ?? `仓库 ${id}`;
}

/**
 * 发货: one warehouse's lines at a time (packages, carrier, tracking number, the units of each
 * line, at most what is not yet shipped). The button is disabled while the request is in flight,
 * so a double click ships once.
 */
export function ShipDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const ship = useShip(order.order.orders_no);
  const [form] = Form.useForm<ShipForm>();
  const warehouses = useMemo(
    () => [...new Set(order.items.filter((l) => remainingOf(l) > 0).map((l) => l.warehouse_id))],
    [order.items],
  );
  const [warehouse, setWarehouse] = useState<number | undefined>(warehouses[0]);
  const current = warehouse !== undefined && warehouses.includes(warehouse) ? warehouse : warehouses[0];
  const lines = order.items.filter((l) => l.warehouse_id === current && remainingOf(l) > 0);
  const [units, setUnits] = useState<Record<number, number>>({});
  const unitsOf = (line: Line) => units[line.product_id] ?? remainingOf(line);
  const [problem, setProblem] = useState('');

  const { run: submit, busy } = useSingleFlight(async () => {
    const values = await form.validateFields();
    const items = lines.map((l) => ({ product_id: l.product_id, quantity: unitsOf(l) })).filter((i) => i.quantity > 0);
    if (items.length === 0) {
      setProblem('请至少发出一件商品');
      return;
    }
    setProblem('');
    await ship.mutateAsync({
      carrier: values.carrier.trim(),
      tracking_no: values.tracking_no.trim(),
      packages: values.packages,
      warehouse: current as 1 | 2,
      items,
    });
    form.resetFields();
    setUnits({});
    onClose();
  });

  return (
    <Modal
      title={`发货 · ${order.order.orders_no}`}
      open={open}
      width={760}
      okText="确认发货"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: busy || lines.length === 0 }}
      cancelButtonProps={{ disabled: busy }}
      destroyOnHidden
    >
      {warehouses.length === 0 ? (
        <Alert type="info" showIcon title="此订单已全部发出" />
      ) : (
        <>
          <Form<ShipForm> form={form} layout="vertical" initialValues={{ packages: 1 }} disabled={busy}>
            <Form.Item label="发货仓库">
              <Radio.Group
                value={current}
                onChange={(e) => setWarehouse(Number(e.target.value))}
                options={warehouses.map((w) => ({ value: w, label: warehouseName(w) }))}
              />
            </Form.Item>
            <CarrierFields />
            <Form.Item name="packages" label="包裹数" rules={[{ required: true, message: '请填写包裹数' }]}>
              <InputNumber min={1} max={999} precision={0} />
            </Form.Item>
          </Form>
          <RowsTable<Line>
            rowKey="product_id"
            rows={lines}
            columns={[
              { title: '编号', dataIndex: 'frey_no' },
              { title: '名称', dataIndex: 'l_name_zh' },
              { title: '未发', render: (_, l) => remainingOf(l) },
              {
                title: '本次发货',
                render: (_, l) => (
                  <InputNumber
                    aria-label={`${l.frey_no} 本次发货数量`}
                    min={0}
                    max={remainingOf(l)}
                    precision={0}
                    value={unitsOf(l)}
                    disabled={busy}
                    onChange={(v) => setUnits((prev) => ({ ...prev, [l.product_id]: typeof v === 'number' ? v : 0 }))}
                  />
                ),
              },
            ]}
          />
          {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} /> : null}
        </>
      )}
    </Modal>
  );
}
