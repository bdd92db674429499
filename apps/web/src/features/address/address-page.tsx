import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { copyAddress } from '@shop/core/address-rules';
import type { AddressItem } from '@shop/core/api/address';
import { AddressDialog, addressRulesFor, type AddressDialogMode } from '../../components/address-dialog/address-dialog';
import { addressQueries, useDeleteAddress, useSetDefaultAddress } from '../../entities/address/address-queries';
import { userQueries } from '../../entities/user/user-queries';
import { EmptyState, ErrorState, PageShell } from '../../components/page-shell/page-shell';

/**
 * /profile/address (spec.md sections 2, 5 and 7 'Address'): the company's addresses with add,
 * edit, copy (both default flags reset), delete and the default flags (a second, Beijing default
 * for regional accounts in the variants that have it). Saves show the server's msg.
 */
export default function AddressPage() {
  const { data: user } = useQuery(userQueries.info());
  const list = useQuery(addressQueries.list());
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [mode, setMode] = useState<AddressDialogMode | null>(null);
  const rules = addressRulesFor(user?.is_regional_warehouse);
  const items = list.data?.list ?? [];
  const mainName = rules.beijingDefaultAllowed ? '广州仓默认' : '默认地址';

  const columns: TableColumnsType<AddressItem> = [
    { key: 'contacts', title: '收货人', width: 110, dataIndex: 'contacts' },
    {
      key: 'region',
      title: '所在地区',
      width: 200,
      render: (_, a) => `${a.province} ${a.city} ${a.district}`,
    },
    { key: 'street', title: '详细地址', dataIndex: 'street' },
    { key: 'mobile', title: '手机号码', width: 130, dataIndex: 'mobile' },
    ...(rules.logisticsRequired
      ? [{ key: 'logistics', title: '物流信息', width: 160, dataIndex: 'logistics_information' }]
      : []),
    {
      key: 'defaults',
      title: '默认',
      width: 120,
      render: (_, a) => (
        <Space size={4} wrap>
          {a.is_main === 1 && <Tag color="red">{mainName}</Tag>}
          {a.other_is_main === 1 && <Tag color="blue">北京仓默认</Tag>}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 300,
      render: (_, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setMode({ kind: 'edit', address: a })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setMode({ kind: 'copy', address: copyAddress(a) })}>
            复制
          </Button>
          <Popconfirm title="确定删除该地址吗？" onConfirm={() => remove.mutate(a.address_id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
          {a.is_main !== 1 && a.other_is_main !== 1 && (
            <Button
              type="link"
              size="small"
              onClick={() => setDefault.mutate({ address_id: a.address_id, warehouse_type: 1 })}
            >
              {rules.beijingDefaultAllowed ? '设为广州仓默认' : '设为默认'}
            </Button>
          )}
          {rules.beijingDefaultAllowed && a.is_main !== 1 && a.other_is_main !== 1 && (
            <Button
              type="link"
              size="small"
              onClick={() => setDefault.mutate({ address_id: a.address_id, warehouse_type: 2 })}
            >
              设为北京仓默认
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageShell
      title="收货地址"
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
          新增收货地址
        </Button>
      }
    >
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<AddressItem>
          rowKey="address_id"
          columns={columns}
          dataSource={items}
          loading={list.isLoading}
          pagination={false}
          locale={{ emptyText: <EmptyState text="还没有收货地址" /> }}
        />
      )}
      <AddressDialog mode={mode} rules={rules} onClose={() => setMode(null)} />
    </PageShell>
  );
}
