import { useState } from 'react';
import { Button, Col, Form, InputNumber, Row, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminMake, AdminVehicleModel, AdminVehicleSeries, VehicleLevel } from '@shop/core/api/admin-catalog';
import { AddButton } from '../../components/add-button';
import { SortItem, TextItem } from '../../components/form-items';
import { PageShell } from '../../components/page-shell';
import { catalogQueries, useVehicleChange } from './catalog-api';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { DeleteButton, TreeTable } from './tree-table';

/** One row of the tree: a make, a series or a model. */
type VehicleRow =
  | { key: string; level: 'makes'; name: string; detail: string; item: AdminMake; children?: VehicleRow[] }
  | { key: string; level: 'series'; name: string; detail: string; item: AdminVehicleSeries; children?: VehicleRow[] }
  | { key: string; level: 'models'; name: string; detail: string; item: AdminVehicleModel };

const LEVEL_TEXT: Record<VehicleLevel, string> = { makes: '品牌', series: '车系', models: '车型' };

function rowsOf(makes: readonly AdminMake[]): VehicleRow[] {
  return makes.map((m) => ({
    key: `make-${m.id}`,
    level: 'makes',
    name: m.name_zh,
    detail: m.name_en,
    item: m,
    children: m.series.map((s) => ({
      key: `series-${s.id}`,
      level: 'series',
      name: s.name_zh,
      detail: `${s.models.length} 个车型`,
      item: s,
      children: s.models.map((x) => ({
        key: `model-${x.id}`,
        level: 'models',
        name: x.name_zh,
        detail: [x.chassis_code, x.engine_code, x.displacement, x.transmission, `${x.year_from}-${x.year_to ?? ''}`]
          .filter(Boolean)
          .join(' · '),
        item: x,
      })),
    })),
  }));
}

/** What the dialog edits: a new row of a level under its parent, or an existing row. */
type Editing = { level: VehicleLevel; parentId?: number; row?: VehicleRow };

/** /admin/catalog/vehicles: makes, their series and models (what the parts' fitments pick from). */
export function VehiclesPage() {
  const tree = useQuery(catalogQueries.vehicles());
  const change = useVehicleChange();
  const [editing, setEditing] = useState<Editing | null>(null);

  return (
    <PageShell title="车型管理" extra={<AddButton onClick={() => setEditing({ level: 'makes' })}>添加品牌</AddButton>}>
      <TreeTable<AdminMake[], VehicleRow>
        query={tree}
        rows={rowsOf}
        rowKey="key"
        emptyText="暂无车型数据"
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '级别', dataIndex: 'level', render: (level: VehicleLevel) => LEVEL_TEXT[level] },
          { title: '说明', dataIndex: 'detail' },
          {
            title: '操作',
            render: (_, row: VehicleRow) => (
              <Space>
                {row.level === 'makes' ? (
                  <Button size="small" onClick={() => setEditing({ level: 'series', parentId: row.item.id })}>
                    添加车系
                  </Button>
                ) : null}
                {row.level === 'series' ? (
                  <Button size="small" onClick={() => setEditing({ level: 'models', parentId: row.item.id })}>
                    添加车型
                  </Button>
                ) : null}
                <Button size="small" onClick={() => setEditing({ level: row.level, row })}>
                  编辑
                </Button>
                <DeleteButton
                  what={`${LEVEL_TEXT[row.level]}“${row.name}”`}
                  disabled={change.isPending}
                  onConfirm={() => change.mutateAsync({ level: row.level, id: row.item.id, remove: true })}
                />
              </Space>
            ),
          },
        ]}
      />
      {editing ? <VehicleDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </PageShell>
  );
}

type Values = Record<string, string | number | null | undefined>;

function initialOf({ level, parentId, row }: Editing): Values {
  if (row) {
    const { id: _id, ...item } = row.item as unknown as Values & { series?: unknown; models?: unknown };
    delete item.series;
    delete item.models;
    return item;
  }
  if (level === 'series') return { make_id: parentId, name_zh: '', sort: 0 };
  if (level === 'models') return { series_id: parentId, year_from: new Date().getFullYear(), year_to: null };
  return { name_zh: '', name_en: '', sort: 0 };
}

/** A text field of the dialog; a required one says 请填写 and its label when blank. */
const text = (name: string, label: string, max: number, required = false) => (
  <TextItem name={name} label={label} max={max} required={required ? `请填写${label}` : undefined} />
);

function VehicleDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const change = useVehicleChange();
  const { level, row } = editing;
  const initial = initialOf(editing);
  const dialog = useDialogForm<Values>(onClose, async (values) => {
    await change.mutateAsync({ level, id: row?.item.id, body: { ...initial, ...values } });
  });
  return (
    <FormDialog {...dialog} title={`${row ? '编辑' : '添加'}${LEVEL_TEXT[level]}`} initialValues={initial}>
      {level === 'makes' ? (
        <>
          {text('name_zh', '品牌名称', 40, true)}
          {text('name_en', '英文名', 60)}
        </>
      ) : null}
      {level === 'series' ? text('name_zh', '车系名称', 40, true) : null}
      {level === 'models' ? (
        <Row gutter={12}>
          <Col span={24}>{text('name_zh', '车型名称', 80, true)}</Col>
          <Col span={12}>{text('chassis_code', '底盘号', 20)}</Col>
          <Col span={12}>{text('engine_code', '发动机型号', 20, true)}</Col>
          <Col span={12}>{text('displacement', '排量', 20)}</Col>
          <Col span={12}>{text('transmission', '变速箱', 40)}</Col>
          <Col span={8}>
            <Form.Item name="year_from" label="上市年份" rules={[{ required: true, message: '请填写上市年份' }]}>
              <InputNumber min={1950} max={2100} precision={0} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="year_to" label="停产年份（在产留空）">
              <InputNumber min={1950} max={2100} precision={0} />
            </Form.Item>
          </Col>
          <Col span={8}>{text('vehicle_type', '车辆类型', 20)}</Col>
        </Row>
      ) : null}
      {level !== 'models' ? <SortItem /> : null}
    </FormDialog>
  );
}
