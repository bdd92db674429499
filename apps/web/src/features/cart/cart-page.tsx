import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Checkbox, Empty, Popconfirm, Select, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CART_MESSAGES, isSelectable, type CartItem } from '@shop/core/api/cart';
import { beijingWarehouseEnabled } from '@shop/core/brand-variants';
import { WAREHOUSE_NAMES } from '@shop/core/constants';
import { stockText } from '@shop/core/part-display';
import { pointsCartTotal } from '@shop/core/points-rules';
import { formatPrice } from '../../components/product-card/product-card-format';
import { variant } from '../../lib/brand';
import {
  cartQueries,
  exportCart,
  settlementPath,
  useDeleteCartItems,
  useUpdateCartWarehouse,
  type CartRouteState,
  type SettlementRouteState,
} from '../../entities/cart/cart-queries';
import { notify, notifyError } from '../../lib/notify';
import { userQueries } from '../../entities/user/user-queries';
import { CartQuantity } from './components/cart-quantity';
import { PointsCartSection } from './components/points-cart-section';
import {
  checkedSummary,
  isCheckable,
  reconcileChecked,
  selectAllState,
  toggleAll,
  toggleOne,
  type Checked,
} from './selection';
import styles from './cart-page.module.css';
import { CartPic } from './components/cart-pic';

/**
 * /settlement/list, the cart (spec.md sections 3, 4 and 8): the company's lines with checked
 * flags kept by id across refreshes (buy-again refresh checks only the repurchase lines, given
 * as router state `CartRouteState`), quantities saved at once, delete, filters, export, totals
 * of the checked lines and 'settle' to /settlement/submit(_multiple_warehouses). A main account's
 * points-mall lines (the server merges them where the brand has points) are a section of their own
 * with their points total; the checked ones go to the settlement too (points_cart_ids).
 */
export default function CartPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [filters, setFilters] = useState<{ l_model_zh?: string; user_name?: string }>({});
  const list = useQuery(cartQueries.list(filters));
  const params = useQuery(cartQueries.params());
  const { data: user } = useQuery(userQueries.info());
  const twoWarehouses = beijingWarehouseEnabled(variant, user?.is_regional_warehouse ?? 0);
  const remove = useDeleteCartItems();
  const move = useUpdateCartWarehouse();
  const [checked, setChecked] = useState<Checked>(new Set());
  const [exporting, setExporting] = useState(false);

  // Buy-again: the repurchase list of the navigation applies to the first refresh only.
  const pendingRepurchase = useRef((location.state as CartRouteState | null)?.repurchase);
  const items = useMemo(() => list.data?.cart_list ?? [], [list.data]);
  const pointsLines = useMemo(() => list.data?.points_cart_list ?? [], [list.data]);
  const [pointsChecked, setPointsChecked] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (!list.data) return;
    const repurchase = pendingRepurchase.current;
    pendingRepurchase.current = undefined;
    setChecked((prev) => reconcileChecked(prev, list.data.cart_list, repurchase, twoWarehouses));
    // Checked points lines stay checked across refreshes while they exist.
    const present = new Set(list.data.points_cart_list.map((l) => l.points_cart_id));
    setPointsChecked((prev) => new Set([...prev].filter((id) => present.has(id))));
  }, [list.data, twoWarehouses]);
  const checkPoints = (ids: number[], on: boolean) =>
    setPointsChecked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const pointsChosen = pointsLines.filter((l) => pointsChecked.has(l.points_cart_id));
  const pointsTotal = pointsCartTotal(pointsChosen);

  const all = selectAllState(checked, items);
  const summary = checkedSummary(checked, items);

  const deleteLines = (ids: number[]) =>
    remove.mutate(ids, { onSuccess: () => setChecked((prev) => new Set([...prev].filter((id) => !ids.includes(id)))) });

  const onExport = async () => {
    setExporting(true);
    try {
      await exportCart(filters);
    } catch (err) {
      // e.g. '没有可导出的数据'
      notifyError(err);
    } finally {
      setExporting(false);
    }
  };

  const onSettle = () => {
    const lines = summary.lines.filter((l) => l.quantity > 0 && isCheckable(l));
    const points = pointsChosen.map((l) => l.points_cart_id);
    if (lines.length === 0 && points.length === 0) {
      notify.error(CART_MESSAGES.nothingSelected);
      return;
    }
    const state: SettlementRouteState = {
      pd_cart_ids: lines.map((l) => l.pd_cart_id),
      ...(points.length > 0 ? { points_cart_ids: points } : {}),
    };
    void navigate(settlementPath(lines, points), { state });
  };

  const columns: TableColumnsType<CartItem> = [
    {
      key: 'select',
      width: 48,
      title: (
        <Checkbox
          aria-label="全选"
          checked={all.checked}
          indeterminate={all.indeterminate}
          onChange={(e) => setChecked(toggleAll(checked, items, e.target.checked))}
        />
      ),
      render: (_, item) => (
        <Checkbox
          aria-label={`选择 ${item.l_name_zh}`}
          checked={checked.has(item.pd_cart_id)}
          disabled={!isCheckable(item)}
          onChange={(e) => setChecked(toggleOne(checked, item.pd_cart_id, e.target.checked))}
        />
      ),
    },
    {
      key: 'part',
      title: '商品信息',
      render: (_, item) => (
        <div className={styles.part}>
          <CartPic pic={item.pic} name={item.l_name_zh} />
          <div>
            <Link to={`/parts/details?id=${item.product_id}`} className={styles.name}>
              {item.l_name_zh}
            </Link>
            <div className={styles.codes}>
              编码 {item.frey_no} · OE {item.number}
            </div>
            {item.l_model_zh && <div className={styles.model}>{item.l_model_zh}</div>}
            <Space size={4}>
              {item.is_orderable !== 1 && <Tag color="red">已下架</Tag>}
              {item.is_orderable === 1 && item.is_delisting === 1 && <Tag color="orange">即将下架</Tag>}
              {item.is_coming_soon === 1 && <Tag color="blue">即将到货</Tag>}
            </Space>
          </div>
        </div>
      ),
    },
    {
      key: 'warehouse',
      title: '发货仓库',
      width: 120,
      render: (_, item) =>
        twoWarehouses ? (
          <Select
            size="small"
            aria-label="发货仓库"
            value={item.warehouse_type}
            style={{ width: 96 }}
            loading={move.isPending && move.variables?.pd_cart_id === item.pd_cart_id}
            options={[
              { value: 1, label: WAREHOUSE_NAMES[1] },
              { value: 2, label: WAREHOUSE_NAMES[2] },
            ]}
            onChange={(warehouse) => move.mutate({ pd_cart_id: item.pd_cart_id, warehouse_type: warehouse })}
          />
        ) : (
          WAREHOUSE_NAMES[item.warehouse_type]
        ),
    },
    // Capped like a part row's stock ('99+', spec.md section 9).
    { key: 'stock', title: '库存', width: 80, render: (_, item) => stockText(variant, item.stock, 'row') },
    { key: 'price', title: '单价', width: 100, render: (_, item) => formatPrice(item.price) },
    { key: 'quantity', title: '数量', width: 150, render: (_, item) => <CartQuantity item={item} /> },
    {
      key: 'total',
      title: '小计',
      width: 110,
      render: (_, item) => <span className={styles.money}>{formatPrice(item.tootal_price)}</span>,
    },
    { key: 'user', title: '添加人', width: 100, render: (_, item) => item.user_name },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      render: (_, item) => (
        <Popconfirm title="确定从购物车删除该商品吗？" onConfirm={() => deleteLines([item.pd_cart_id])}>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div className={`shop-container ${styles.page}`}>
      <div className={styles.toolbar}>
        <h2 className={styles.title}>购物车（{items.length}）</h2>
        <Space wrap>
          <Select
            allowClear
            showSearch
            placeholder="按车型筛选"
            aria-label="按车型筛选"
            style={{ width: 200 }}
            value={filters.l_model_zh}
            options={(params.data?.l_model_zh_list ?? []).map((v) => ({ value: v, label: v }))}
            onChange={(v?: string) => setFilters((f) => ({ ...f, l_model_zh: v }))}
          />
          <Select
            allowClear
            placeholder="按添加人筛选"
            aria-label="按添加人筛选"
            style={{ width: 160 }}
            value={filters.user_name}
            options={(params.data?.user_name_list ?? []).map((v) => ({ value: v, label: v }))}
            onChange={(v?: string) => setFilters((f) => ({ ...f, user_name: v }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={items.length === 0}
            onClick={() => void onExport()}
          >
            导出
          </Button>
        </Space>
      </div>
      <Spin spinning={list.isFetching && !list.isLoading}>
        <Table<CartItem>
          rowKey="pd_cart_id"
          columns={columns}
          dataSource={items}
          loading={list.isLoading}
          pagination={false}
          rowClassName={(item) => (isSelectable(item) ? '' : (styles.delisted ?? ''))}
          locale={{ emptyText: <Empty description="购物车还是空的，去挑选配件吧" /> }}
        />
        {pointsLines.length > 0 && (
          <PointsCartSection lines={pointsLines} checked={pointsChecked} onCheck={checkPoints} />
        )}
      </Spin>
      <div className={styles.footer} data-testid="cart-footer">
        <Space>
          <Checkbox
            checked={all.checked}
            indeterminate={all.indeterminate}
            onChange={(e) => setChecked(toggleAll(checked, items, e.target.checked))}
          >
            全选
          </Checkbox>
          <Popconfirm
            title={`确定删除选中的 ${summary.kinds} 种商品吗？`}
            disabled={summary.kinds === 0}
            onConfirm={() => deleteLines(summary.lines.map((l) => l.pd_cart_id))}
          >
            <Button icon={<DeleteOutlined />} disabled={summary.kinds === 0}>
              删除选中
            </Button>
          </Popconfirm>
        </Space>
        <div className={styles.sum}>
          <span>
            已选 <b>{summary.kinds}</b> 种商品，共 <b>{summary.quantity}</b> 件
          </span>
          <span>
            合计：
            <span className={styles.total} data-testid="cart-total">
              ¥{summary.total}
            </span>
          </span>
          {pointsLines.length > 0 && (
            <span>
              积分商品 <b>{pointsChosen.reduce((n, l) => n + l.quantity, 0)}</b> 件，合计{' '}
              <b className={styles.points} data-testid="cart-points-total">
                {pointsTotal} 积分
              </b>
            </span>
          )}
          <Button
            type="primary"
            size="large"
            disabled={list.data?.is_settlement !== 1 && pointsChosen.length === 0}
            onClick={onSettle}
          >
            去结算
          </Button>
        </div>
      </div>
    </div>
  );
}
