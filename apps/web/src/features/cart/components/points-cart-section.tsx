import { useEffect, useState } from 'react';
import { Button, Checkbox, Input, Popconfirm, Table, type TableColumnsType } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { digitsOnly } from '@shop/core/api/cart-rules';
import type { PointsCartItem } from '@shop/core/api/cart';
import { POINTS_CART_QUANTITY_MAX, pointsCartTotal } from '@shop/core/points-rules';
import {
  useAddPointsCart,
  useDeletePointsCart,
  useLessPointsCart,
  useSetPointsCartQuantity,
} from '../../../entities/cart/points-cart-queries';
import styles from '../cart-page.module.css';
import { CartPic } from './cart-pic';

/** Most of a line: the item's stock, never above the points cart's cap. */
const maxOf = (line: PointsCartItem) => Math.min(POINTS_CART_QUANTITY_MAX, line.stock);

/**
 * A points line's quantity: minus (decPointsCartNumber; at 1 it removes the line, so it asks
 * first), plus (addPointsCart, blocked at the stock or the cap), or a number typed in
 * (updatePointsCartQuantity on blur or Enter). A refusal leaves the stored quantity shown.
 */
function PointsQuantity({ line }: { line: PointsCartItem }) {
  const [value, setValue] = useState(String(line.quantity));
  const less = useLessPointsCart();
  const more = useAddPointsCart();
  const set = useSetPointsCartQuantity();
  const busy = less.isPending || more.isPending || set.isPending;
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);
  const max = maxOf(line);

  const save = () => {
    const next = value === '' ? line.quantity : Math.min(Number(value), max);
    if (next === line.quantity) {
      setValue(String(line.quantity));
      return;
    }
    set.mutate(
      { points_cart_id: line.points_cart_id, quantity: next },
      { onError: () => setValue(String(line.quantity)) },
    );
  };

  return (
    <div
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      data-testid={`points-quantity-${line.points_cart_id}`}
    >
      {line.quantity > 1 ? (
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label={`减少 ${line.l_name_zh}`}
          disabled={busy}
          onClick={() => less.mutate(line.points_cart_id)}
        />
      ) : (
        <Popconfirm title="数量为 0 将从购物车删除，确定吗？" onConfirm={() => less.mutate(line.points_cart_id)}>
          <Button size="small" icon={<MinusOutlined />} aria-label={`减少 ${line.l_name_zh}`} disabled={busy} />
        </Popconfirm>
      )}
      <Input
        size="small"
        style={{ width: 56, textAlign: 'center' }}
        aria-label={`${line.l_name_zh} 数量`}
        inputMode="numeric"
        value={value}
        onChange={(e) => {
          const digits = digitsOnly(e.target.value);
          setValue(digits === '' ? '' : String(Math.min(Number(digits), max)));
        }}
        onBlur={save}
        onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
      />
      <Button
        size="small"
        icon={<PlusOutlined />}
        aria-label={`增加 ${line.l_name_zh}`}
        disabled={busy || line.quantity >= max}
        onClick={() => more.mutate(line.points_product_id)}
      />
    </div>
  );
}

/**
 * The points-mall lines of a main account's cart (spec.md section 4), a section of their own
 * under the parts: points per unit, quantity, points per line, remove, and a check box per line;
 * the checked lines go to the settlement with the parts (points_cart_id) and become a gift order.
 */
export function PointsCartSection(props: {
  lines: readonly PointsCartItem[];
  checked: ReadonlySet<number>;
  onCheck: (ids: number[], on: boolean) => void;
}) {
  const remove = useDeletePointsCart();
  const all = props.lines.length > 0 && props.lines.every((l) => props.checked.has(l.points_cart_id));
  const some = props.lines.some((l) => props.checked.has(l.points_cart_id));
  const columns: TableColumnsType<PointsCartItem> = [
    {
      key: 'select',
      width: 48,
      title: (
        <Checkbox
          aria-label="全选积分商品"
          checked={all}
          indeterminate={some && !all}
          onChange={(e) =>
            props.onCheck(
              props.lines.map((l) => l.points_cart_id),
              e.target.checked,
            )
          }
        />
      ),
      render: (_, l) => (
        <Checkbox
          aria-label={`选择 ${l.l_name_zh}`}
          checked={props.checked.has(l.points_cart_id)}
          onChange={(e) => props.onCheck([l.points_cart_id], e.target.checked)}
        />
      ),
    },
    {
      key: 'item',
      title: '积分商品',
      render: (_, l) => (
        <div className={styles.part}>
          <CartPic pic={l.pic} name={l.l_name_zh} />
          <div className={styles.name}>{l.l_name_zh}</div>
        </div>
      ),
    },
    { key: 'price', title: '单价', width: 110, render: (_, l) => `${l.customer_sale_price} 积分` },
    { key: 'quantity', title: '数量', width: 150, render: (_, l) => <PointsQuantity line={l} /> },
    {
      key: 'total',
      title: '小计',
      width: 120,
      render: (_, l) => <span className={styles.points}>{pointsCartTotal([l])} 积分</span>,
    },
    {
      key: 'actions',
      title: '操作',
      width: 80,
      render: (_, l) => (
        <Popconfirm
          title="确定从购物车删除该积分商品吗？"
          onConfirm={() =>
            remove.mutate([l.points_cart_id], { onSuccess: () => props.onCheck([l.points_cart_id], false) })
          }
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <section className={styles.pointsSection} aria-label="积分商品">
      <h3 className={styles.sectionTitle}>积分商品（{props.lines.length}）</h3>
      <Table<PointsCartItem>
        rowKey="points_cart_id"
        columns={columns}
        dataSource={[...props.lines]}
        pagination={false}
        size="middle"
      />
    </section>
  );
}
