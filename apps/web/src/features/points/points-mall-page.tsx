import { PAGE_SHOWS_ERRORS } from '../../lib/query-client';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, InputNumber, Pagination, Select, Space, Spin, type TableColumnsType } from 'antd';
import type { PointsCartLine } from '@shop/core/api/points';
import { pointsCartTotal } from '@shop/core/points-rules';
import { PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { addressQueries } from '../../entities/address/address-queries';
import { notify } from '../../lib/notify';
import { LinesTable } from '../../components/lines-table/lines-table';
import {
  pointsQueries,
  useAddPointsCart,
  useDeletePointsCart,
  useRedeem,
  useSetPointsCartQuantity,
} from './api/points-api';
import styles from './points.module.css';

/** One key per redeem: a double submit answers the first gift order. */
function newRedeemKey(): string {
  return `redeem-${globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;
}

/**
 * /parts/points_mall: 积分商城 (main accounts, points module). Items go into the points cart;
 * 兑换 orders the cart's lines as a gift order to the chosen address (points spent at once).
 */
export default function PointsMallPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const products = useQuery({ ...pointsQueries.products(page), meta: PAGE_SHOWS_ERRORS });
  const overview = useQuery(pointsQueries.overview());
  const cart = useQuery(pointsQueries.cart());
  const addresses = useQuery(addressQueries.list());
  const add = useAddPointsCart();
  const setQuantity = useSetPointsCartQuantity();
  const remove = useDeletePointsCart();
  const redeem = useRedeem();
  const [addressId, setAddressId] = useState<number>();
  const [key, setKey] = useState(newRedeemKey);

  const lines = cart.data?.list ?? [];
  const cost = pointsCartTotal(lines);
  const list = addresses.data?.list ?? [];
  const chosen = addressId ?? list.find((a) => a.is_main === 1)?.address_id ?? list[0]?.address_id;
  const balance = overview.data?.points ?? 0;

  const columns: TableColumnsType<PointsCartLine> = [
    { title: '赠品', dataIndex: 'l_name_zh' },
    { title: '积分', dataIndex: 'customer_sale_price', width: 90 },
    {
      title: '数量',
      dataIndex: 'quantity',
      width: 130,
      render: (q: number, l) => (
        <InputNumber
          aria-label={`${l.l_name_zh} 数量`}
          size="small"
          min={0}
          max={99}
          precision={0}
          value={q}
          onChange={(v) =>
            v !== null &&
            void setQuantity.mutateAsync({ points_cart_id: l.points_cart_id, quantity: v }).catch(() => {})
          }
        />
      ),
    },
    {
      title: '操作',
      width: 80,
      render: (_, l) => (
        <Button type="link" size="small" onClick={() => void remove.mutateAsync([l.points_cart_id]).catch(() => {})}>
          删除
        </Button>
      ),
    },
  ];

  const submit = async () => {
    if (!chosen) {
      notify.error('请选择收货地址');
      return;
    }
    const { data, msg } = await redeem.mutateAsync({
      points_cart_id: lines.map((l) => l.points_cart_id).join(','),
      address_id: chosen,
      idempotency_key: key,
    });
    notify.success(msg);
    setKey(newRedeemKey());
    void navigate(`/profile/my_gift_detail?id=${data.gift_order_id}`);
  };

  if (products.isError) return <LoadError error={products.error} onRetry={() => void products.refetch()} />;
  return (
    <div className="shop-container">
      <PageShell
        title="积分商城"
        hint={overview.data ? `可用积分 ${balance}` : undefined}
        actions={<Link to="/profile/points">我的积分</Link>}
        crumbs={[{ label: '首页', to: '/home' }, { label: '积分商城' }]}
      >
        {products.isPending ? (
          <Spin />
        ) : products.data.list.length === 0 ? (
          <Empty description="暂无可兑换的赠品" />
        ) : (
          <>
            <div className={styles.grid}>
              {products.data.list.map((p) => (
                <div key={p.points_product_id} className={styles.item} aria-label={p.l_name_zh}>
                  {p.pic ? <img src={p.pic} alt={p.l_name_zh} loading="lazy" /> : null}
                  <b>{p.l_name_zh}</b>
                  <span className={styles.statLabel}>{p.description}</span>
                  <span className={styles.price}>{p.customer_sale_price} 积分</span>
                  <span className={styles.statLabel}>库存 {p.stock}</span>
                  <Button
                    type="primary"
                    disabled={p.stock < 1 || add.isPending}
                    onClick={() =>
                      void add.mutateAsync(p.points_product_id).then(
                        (r) => notify.success(r.msg),
                        () => {},
                      )
                    }
                  >
                    {p.stock < 1 ? '已兑完' : '加入兑换车'}
                  </Button>
                </div>
              ))}
            </div>
            <Pagination
              style={{ marginTop: 16 }}
              current={page}
              total={products.data.total}
              pageSize={20}
              onChange={setPage}
              hideOnSinglePage
            />
          </>
        )}
      </PageShell>
      <PageShell title="兑换车" label="兑换车" hint={`共需 ${cost} 积分，可用 ${balance} 积分`}>
        <LinesTable<PointsCartLine>
          rowKey="points_cart_id"
          columns={columns}
          dataSource={lines}
          locale={{ emptyText: '兑换车是空的' }}
        />
        <Space className={styles.cart} wrap>
          <span>收货地址</span>
          <Select
            aria-label="收货地址"
            style={{ minWidth: 320 }}
            value={chosen}
            onChange={setAddressId}
            options={list.map((a) => ({
              value: a.address_id,
              label: `${a.contacts} ${a.mobile} ${a.province}${a.city}${a.district}${a.street}`,
            }))}
            notFoundContent={<Link to="/profile/address">请先新增收货地址</Link>}
          />
          <Button
            type="primary"
            disabled={lines.length === 0 || cost > balance || redeem.isPending}
            loading={redeem.isPending}
            onClick={() => void submit().catch(() => {})}
          >
            {cost > balance ? '积分不足' : '立即兑换'}
          </Button>
        </Space>
      </PageShell>
    </div>
  );
}
