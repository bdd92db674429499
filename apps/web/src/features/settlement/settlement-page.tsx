import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, InputNumber, Modal, Radio, Spin, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CartItem, PointsCartItem } from '@shop/core/api/cart';
import type { AddressItem } from '@shop/core/api/address';
import type { AddOrderResponse } from '@shop/core/api/orders';
import { beijingWarehouseEnabled, moduleEnabled } from '@shop/core/brand-variants';
import { coinAmount, FREY_COIN_DEDUCTION_RATIO, pointsCartTotal } from '@shop/core/points-rules';
import type { MaxFreyCoin } from '@shop/core/api/orders';
import { apiPost, isRefusal } from '../../lib/api-client';
import { isOverLimitRefusal } from '@shop/core/api/statements';
import type { OrderVoucherOption } from '@shop/core/api/coupons';
import { payableAmount } from '@shop/core/coupons';
import { REMARK_MAX } from '@shop/core/api/orders';
import { stockText } from '@shop/core/part-display';
import { AddressDialog, addressRulesFor, type AddressDialogMode } from '../../components/address-dialog/address-dialog';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { addressQueries } from '../../entities/address/address-queries';
import { variant } from '../../lib/brand';
import {
  CART_ROUTE,
  cartQueries,
  settlementCartIds,
  settlementPointsCartIds,
  useRefreshCart,
} from '../../entities/cart/cart-queries';
import { GIFTS_KEY, POINTS_KEY } from '../../entities/cart/points-cart-queries';
import { notify } from '../../lib/notify';
import { orderKeys } from '../../entities/order/order-queries';
import { userQueries } from '../../entities/user/user-queries';
import { couponKeys } from '../../entities/coupon/coupon-queries';
import { LinesTable } from '../../components/lines-table/lines-table';
import { newIdempotencyKey, usePlaceOrder } from './api/place-order';
import { addressText, chosenLines, defaultAddressIds, groupByWarehouse, orderTotals } from './settlement';
import styles from './settlement.module.css';
import { VoucherPicker } from './voucher-picker';

/** Router state of /settlement/submit_success: the answer of the order call (order and lack items). */
export interface SubmitSuccessState {
  result: AddOrderResponse;
  msg: string;
}

function AddressPicker(props: {
  label: string;
  list: AddressItem[];
  value: number | undefined;
  onChange: (id: number) => void;
  onAdd: () => void;
  onEdit: (address: AddressItem) => void;
}) {
  return (
    <div className={styles.addressBlock}>
      <div className={styles.blockHead}>
        <h3 className={styles.blockTitle}>{props.label}</h3>
        <Button size="small" icon={<PlusOutlined />} onClick={props.onAdd} aria-label={`新增${props.label}`}>
          新增地址
        </Button>
      </div>
      <Radio.Group
        className={styles.addresses}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
        aria-label={props.label}
      >
        {props.list.map((a) => (
          <div key={a.address_id} className={styles.addressItem}>
            <Radio value={a.address_id} className={styles.address}>
              <span className={styles.contacts}>
                {a.contacts} {a.mobile}
              </span>
              {a.is_main === 1 && <Tag color="blue">广州仓默认</Tag>}
              {a.other_is_main === 1 && <Tag color="purple">北京仓默认</Tag>}
              <div className={styles.street}>{addressText(a)}</div>
            </Radio>
            <Button
              type="link"
              size="small"
              className={styles.edit}
              onClick={() => props.onEdit(a)}
              aria-label={`编辑收货地址 ${a.contacts}`}
            >
              编辑
            </Button>
          </div>
        ))}
      </Radio.Group>
    </div>
  );
}

/**
 * /settlement/submit and /settlement/submit_multiple_warehouses (the same page): the checked cart
 * lines grouped by warehouse, delivery addresses (one per warehouse when both are used), remarks
 * and totals. Addresses are added and edited here in the shared dialog (a first order needs one), so
 * the chosen lines and the remarks stay; a saved address is selected in the picker it was opened from.
 * The submit carries one idempotency key per visit and is disabled while in flight;
 * on success the cart refreshes (all lines unchecked) and the page goes to /settlement/submit_success.
 * Points-mall lines checked in the cart (points_cart_ids) are listed with their points and sent as
 * points_cart_id: the server makes them a gift order in the order's transaction; alone, they make
 * a gift order only, and the page goes to its detail.
 */
export default function SettlementPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useMemo(() => settlementCartIds(location.state, location.search), [location.state, location.search]);
  const pointsIds = useMemo(
    () => settlementPointsCartIds(location.state, location.search),
    [location.state, location.search],
  );
  const cart = useQuery(cartQueries.list());
  const addresses = useQuery(addressQueries.list());
  const { data: user } = useQuery(userQueries.info());
  const twoWarehousesAllowed = beijingWarehouseEnabled(variant, user?.is_regional_warehouse ?? 0);
  const refreshCart = useRefreshCart();
  const place = usePlaceOrder();
  /** Past the credit limit: the refusal and the addresses to send the order with for special approval. */
  const [overLimit, setOverLimit] = useState<{
    reason: string;
    chosenMain: number;
    chosenOther: number | undefined;
  } | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  // A second click before the first request's state re-renders the button must not send again.
  const inFlight = useRef(false);
  const [mainAddress, setMainAddress] = useState<number>();
  const [otherAddress, setOtherAddress] = useState<number>();
  const [remark, setRemark] = useState('');
  const [beijingRemark, setBeijingRemark] = useState('');
  const [voucher, setVoucher] = useState<OrderVoucherOption>();
  /** The open address dialog and the picker whose choice a saved address becomes. */
  const [dialog, setDialog] = useState<{ mode: AddressDialogMode; picker: 'main' | 'other' } | null>(null);

  const lines = useMemo(() => chosenLines(cart.data?.cart_list ?? [], ids), [cart.data, ids]);
  const pointsLines = useMemo(
    () => (cart.data?.points_cart_list ?? []).filter((l) => pointsIds.includes(l.points_cart_id)),
    [cart.data, pointsIds],
  );
  const groups = groupByWarehouse(lines);
  const hasGuangzhou = groups.some((g) => g.warehouse === 1);
  const hasBeijing = groups.some((g) => g.warehouse === 2);
  const split = hasGuangzhou && hasBeijing;
  const list = addresses.data?.list ?? [];
  const defaults = defaultAddressIds(list);
  // Points lines alone (a gift order) go to the Guangzhou default like a Guangzhou order.
  const chosenMain = mainAddress ?? (hasGuangzhou || !hasBeijing ? defaults.main : defaults.other);
  const chosenOther = otherAddress ?? defaults.other;
  const totals = orderTotals(lines);
  const cartIds = lines.map((l) => l.pd_cart_id).join(',');
  const voucherAmount = voucher?.usable === 1 ? voucher.deduction : '0.00';
  // Frey coins (points module, main accounts) pay part of what the voucher leaves: at most the
  // balance and the ratio of that amount (the server checks again in the order's transaction).
  const afterVoucher = payableAmount(totals.total, voucherAmount);
  const coinsOn = moduleEnabled(variant, 'points') && user?.is_main === 1 && lines.length > 0;
  const maxCoin = useQuery({
    queryKey: ['orders', 'max-frey-coin', afterVoucher],
    queryFn: ({ signal }) =>
      apiPost<MaxFreyCoin>('/api/Shop.Order/getUserMaxFreyCoin', { amount: afterVoucher }, { signal }),
    enabled: coinsOn,
  });
  const [coins, setCoins] = useState(0);
  const usableCoins = Math.min(coins, maxCoin.data?.max_frey_coin ?? 0);
  const payable = payableAmount(afterVoucher, coinAmount(usableCoins));

  const columns: TableColumnsType<CartItem> = [
    {
      title: '商品',
      key: 'part',
      render: (_, l) => (
        <div className={styles.part}>
          {l.pic && <img src={l.pic} alt="" className={styles.pic} />}
          <div>
            <div className={styles.name}>{l.l_name_zh}</div>
            <div className={styles.sub}>
              {l.frey_no} · OE {l.number}
            </div>
          </div>
        </div>
      ),
    },
    { title: '车型', dataIndex: 'l_model_zh', key: 'model', ellipsis: true },
    { title: '单价', dataIndex: 'price', key: 'price', width: 110, render: (v: string) => `¥${v}` },
    { title: '数量', dataIndex: 'quantity', key: 'quantity', width: 80 },
    {
      title: '库存',
      dataIndex: 'stock',
      key: 'stock',
      width: 80,
      // Capped like a part row's stock ('99+', spec.md section 9).
      render: (v: number) => stockText(variant, v, 'row'),
    },
    { title: '小计', dataIndex: 'tootal_price', key: 'total', width: 120, render: (v: string) => `¥${v}` },
  ];

  const pointsTotal = pointsCartTotal(pointsLines);
  const pointsColumns: TableColumnsType<PointsCartItem> = [
    { title: '积分商品', dataIndex: 'l_name_zh', key: 'name' },
    { title: '单价', key: 'price', width: 110, render: (_, l) => `${l.customer_sale_price} 积分` },
    { title: '数量', dataIndex: 'quantity', key: 'quantity', width: 80 },
    {
      title: '小计',
      key: 'total',
      width: 120,
      render: (_, l) => `${pointsCartTotal([l])} 积分`,
    },
  ];

  const submit = async () => {
    if (inFlight.current) return;
    if (!chosenMain || (split && !chosenOther)) {
      notify.error(split && chosenMain ? '请选择北京仓收货地址' : '请选择收货地址');
      return;
    }
    inFlight.current = true;
    try {
      await send(chosenMain, chosenOther);
    } catch (err) {
      // Past the credit limit (docs/statements.md): the reason is shown and the order may go for special approval.
      if (isRefusal(err) && isOverLimitRefusal(err.message)) offerSpecialApproval(err.message, chosenMain, chosenOther);
      else throw err;
    } finally {
      inFlight.current = false;
    }
  };

  const offerSpecialApproval = (reason: string, chosenMain: number, chosenOther: number | undefined) =>
    setOverLimit({ reason, chosenMain, chosenOther });

  const sendForApproval = async () => {
    if (!overLimit || inFlight.current) return;
    inFlight.current = true;
    try {
      await send(overLimit.chosenMain, overLimit.chosenOther, true);
      setOverLimit(null);
    } catch {
      // The refusal is shown by the mutation's error handler; the dialog stays for another try.
    } finally {
      inFlight.current = false;
    }
  };

  const send = async (chosenMain: number, chosenOther: number | undefined, specialApproval = false) => {
    const { data, msg } = await place.mutateAsync({
      cart: lines.map((l) => ({
        cart_id: l.pd_cart_id,
        product_id: l.product_id,
        cart_number: l.quantity,
        warehouse_type: l.warehouse_type,
      })),
      pd_cart_ids: lines.map((l) => l.pd_cart_id).join(','),
      // Points lines alone (a gift order) ship to the chosen address too.
      address_id: hasGuangzhou || !hasBeijing ? chosenMain : undefined,
      other_address_id: hasBeijing ? (split ? chosenOther : chosenMain) : undefined,
      remark: remark.trim(),
      beijing_remark: hasBeijing ? beijingRemark.trim() : '',
      points_cart_id: pointsLines.map((l) => l.points_cart_id).join(','),
      frey_coin: usableCoins,
      ...(usableCoins > 0 ? { deduction_ratio: FREY_COIN_DEDUCTION_RATIO } : {}),
      voucher_orders_id: voucher ? String(voucher.voucher_orders_id) : '',
      idempotency_key: idempotencyKey,
      ...(specialApproval ? { is_special_approval: 1 } : {}),
    });
    notify.success(msg);
    await refreshCart();
    await queryClient.invalidateQueries({ queryKey: orderKeys.all() });
    if (voucher) await queryClient.invalidateQueries({ queryKey: couponKeys.all() });
    if (pointsLines.length > 0) {
      await queryClient.invalidateQueries({ queryKey: POINTS_KEY });
      await queryClient.invalidateQueries({ queryKey: GIFTS_KEY });
    }
    if (!data.order_id && data.gift_order_id) {
      void navigate(`/profile/my_gift_detail?id=${data.gift_order_id}`, { replace: true });
      return;
    }
    const state: SubmitSuccessState = { result: data, msg };
    void navigate(`/settlement/submit_success?id=${data.order_id}`, { replace: true, state });
  };

  const crumbs = [{ label: '首页', to: '/home' }, { label: '购物车', to: CART_ROUTE }, { label: '确认订单' }];
  if (cart.isPending || addresses.isPending) {
    return (
      <div className={`shop-container ${styles.page}`}>
        <Spin className={styles.loading} />
      </div>
    );
  }
  if (cart.isError || addresses.isError) {
    return (
      <div className={`shop-container ${styles.page}`}>
        <Breadcrumb items={crumbs} />
        <Alert type="error" showIcon title="加载失败，请刷新重试" />
      </div>
    );
  }
  if (lines.length === 0 && pointsLines.length === 0) {
    return (
      <div className={`shop-container ${styles.page}`}>
        <Breadcrumb items={crumbs} />
        <section className={styles.card}>
          <Empty description="没有要结算的商品">
            <Link to={CART_ROUTE}>返回购物车</Link>
          </Empty>
        </section>
      </div>
    );
  }
  const beijingRefused = hasBeijing && !twoWarehousesAllowed;

  return (
    <div className={`shop-container ${styles.page}`}>
      <Breadcrumb items={crumbs} />
      <section className={styles.card} aria-label="收货地址">
        <div className={styles.cardHead}>
          <h2 className={styles.title}>收货地址</h2>
        </div>
        {list.length === 0 ? (
          <Empty description="还没有收货地址，请先新增一个">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ mode: { kind: 'add' }, picker: 'main' })}
            >
              新增收货地址
            </Button>
          </Empty>
        ) : (
          <>
            <AddressPicker
              label={split ? '广州仓收货地址' : hasBeijing ? '北京仓收货地址' : '广州仓收货地址'}
              list={list}
              value={chosenMain}
              onChange={setMainAddress}
              onAdd={() => setDialog({ mode: { kind: 'add' }, picker: 'main' })}
              onEdit={(address) => setDialog({ mode: { kind: 'edit', address }, picker: 'main' })}
            />
            {split && (
              <AddressPicker
                label="北京仓收货地址"
                list={list}
                value={chosenOther}
                onChange={setOtherAddress}
                onAdd={() => setDialog({ mode: { kind: 'add' }, picker: 'other' })}
                onEdit={(address) => setDialog({ mode: { kind: 'edit', address }, picker: 'other' })}
              />
            )}
          </>
        )}
        <AddressDialog
          mode={dialog?.mode ?? null}
          rules={addressRulesFor(user?.is_regional_warehouse)}
          onClose={() => setDialog(null)}
          onSaved={(id) => (dialog?.picker === 'other' ? setOtherAddress(id) : setMainAddress(id))}
        />
      </section>

      {groups.map((g) => (
        <section key={g.warehouse} className={styles.card} aria-label={g.label}>
          <div className={styles.cardHead}>
            <h2 className={styles.title}>
              {g.label}{' '}
              <span className={styles.count}>
                （{g.lines.length} 种，{g.quantity} 件）
              </span>
            </h2>
            <span className={styles.groupTotal}>小计 ¥{g.total}</span>
          </div>
          <LinesTable<CartItem> rowKey="pd_cart_id" columns={columns} dataSource={g.lines} />
        </section>
      ))}

      {pointsLines.length > 0 && (
        <section className={styles.card} aria-label="积分商品">
          <div className={styles.cardHead}>
            <h2 className={styles.title}>
              积分商品 <span className={styles.count}>（{pointsLines.length} 种，兑换后生成赠品订单）</span>
            </h2>
            <span className={styles.groupTotal}>小计 {pointsTotal} 积分</span>
          </div>
          <LinesTable<PointsCartItem> rowKey="points_cart_id" columns={pointsColumns} dataSource={pointsLines} />
        </section>
      )}

      {moduleEnabled(variant, 'coupon') && lines.length > 0 && (
        <VoucherPicker cartIds={cartIds} value={voucher?.voucher_orders_id} onChange={setVoucher} />
      )}

      <section className={styles.card} aria-label="备注">
        <RemarkField
          label={hasBeijing && hasGuangzhou ? '广州仓备注' : '订单备注'}
          value={remark}
          placeholder="选填，如送货时间等"
          onChange={setRemark}
        />
        {hasBeijing && hasGuangzhou && (
          <RemarkField label="北京仓备注" value={beijingRemark} placeholder="选填" onChange={setBeijingRemark} />
        )}
      </section>

      {coinsOn && maxCoin.data && (
        <section className={styles.card} aria-label="积分币抵扣">
          <label className={styles.remark}>
            <span>积分币抵扣</span>
            <span>
              <InputNumber
                aria-label="使用积分币"
                min={0}
                max={maxCoin.data.max_frey_coin}
                precision={0}
                value={usableCoins}
                disabled={maxCoin.data.max_frey_coin === 0}
                onChange={(v) => setCoins(v ?? 0)}
              />{' '}
              个（余额 {maxCoin.data.frey_coin} 个，本单最多可用 {maxCoin.data.max_frey_coin} 个，1 个抵 1
              元，最多抵扣商品金额的 {Math.round(maxCoin.data.deduction_ratio * 100)}%）
            </span>
          </label>
        </section>
      )}

      <div className={styles.footer}>
        {beijingRefused && <Alert type="warning" showIcon title="当前账号不能从北京仓下单，请返回购物车调整仓库" />}
        <span>
          共 <b>{totals.kinds}</b> 种商品，<b>{totals.quantity}</b> 件
        </span>
        {voucherAmount !== '0.00' && (
          <span>
            商品金额 ¥{totals.total}，优惠券抵扣 <b className={styles.deduction}>-¥{voucherAmount}</b>
          </span>
        )}
        {usableCoins > 0 && <span>积分币抵扣：-¥{coinAmount(usableCoins)}</span>}
        {pointsLines.length > 0 && (
          <span>
            积分：<b data-testid="settlement-points-total">{pointsTotal}</b>
          </span>
        )}
        <span className={styles.total}>
          应付总额：<b>¥{payable}</b>
        </span>
        <Button
          type="primary"
          size="large"
          loading={place.isPending}
          disabled={place.isPending || list.length === 0 || beijingRefused}
          onClick={() => void submit().catch(() => {})}
        >
          提交订单
        </Button>
      </div>
      <Modal
        open={overLimit !== null}
        title="超出信用额度"
        okText="提交特批申请"
        cancelText="暂不提交"
        confirmLoading={place.isPending}
        onOk={() => void sendForApproval()}
        onCancel={() => setOverLimit(null)}
      >
        <p>{overLimit?.reason}</p>
      </Modal>
    </div>
  );
}

/** An order remark (up to REMARK_MAX characters, counted), under its label. */
function RemarkField(props: { label: string; value: string; placeholder: string; onChange: (v: string) => void }) {
  return (
    <label className={styles.remark}>
      <span>{props.label}</span>
      <Input.TextArea
        value={props.value}
        maxLength={REMARK_MAX}
        showCount
        rows={2}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
