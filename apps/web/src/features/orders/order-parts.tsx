import type { ReactNode } from 'react';
import { Button, Popconfirm, Result, Spin, Tag, type ButtonProps, type TableColumnType } from 'antd';
import { Link } from 'react-router';
import type { AddressSnapshot } from '@shop/core/api/orders';
import { DownloadButton } from '../../components/download-button/download-button';
import { downloadExport } from '../../entities/order/order-queries';
import styles from './orders.module.css';

/** Small pieces shared by the order, delivery and return pages of this feature. */

const STATUS_COLORS: Record<string, string> = {
  pending_payment: 'gold',
  pending_shipment: 'blue',
  partially_shipped: 'cyan',
  shipped: 'geekblue',
  completed: 'green',
  cancelled: 'default',
  received: 'green',
  pending_review: 'blue',
  accepted: 'cyan',
  refused: 'red',
};

/** The 状态 column of an order, delivery or return table. */
export function statusColumn<T extends { status: string; status_cn: string }>(): TableColumnType<T> {
  return {
    title: '状态',
    key: 'status',
    width: 90,
    render: (_, r) => <StatusTag status={r.status} text={r.status_cn} />,
  };
}

/** The 商品 column of a table of order, delivery or return lines (picture, name and codes). */
export function partColumn<
  T extends { pic: string; l_name_zh: string; frey_no: string; number: string },
>(): TableColumnType<T> {
  return {
    title: '商品',
    key: 'part',
    render: (_, l) => <PartCell pic={l.pic} name={l.l_name_zh} freyNo={l.frey_no} number={l.number} />,
  };
}

/** The confirmations of the order actions (the list's links and the detail's buttons say the same). */
export const CONFIRM = {
  cancelOrder: {
    title: '确定取消该订单吗？',
    description: '取消后库存将退回，不能恢复。',
    okText: '取消订单',
    cancelText: '再想想',
  },
  receiveOrder: { title: '确认已收到该订单的全部包裹吗？', okText: '确认收货', cancelText: '取消' },
  receivePackage: { title: '确认已收到该包裹吗？', okText: '确认收货', cancelText: '取消' },
} as const;

/**
 * A button whose action runs only after its confirmation; a failure was shown by the mutation
 * cache, the button stays.
 */
export function ConfirmButton({
  confirm,
  onConfirm,
  children,
  ...button
}: {
  confirm: (typeof CONFIRM)[keyof typeof CONFIRM];
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
} & Pick<ButtonProps, 'type' | 'size' | 'danger'>) {
  return (
    <Popconfirm {...confirm} onConfirm={() => onConfirm().catch(() => {})}>
      <Button {...button}>{children}</Button>
    </Popconfirm>
  );
}

/** One fact of a detail card; `show: false` leaves it out. */
export interface Fact {
  label: string;
  value: ReactNode;
  className?: string;
  show?: boolean;
}

/** The facts of a detail card (order, delivery, return) as a definition list. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className={styles.info}>
      {facts
        .filter((f) => f.show !== false)
        .map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd className={f.className}>{f.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * What a detail page shows until it has its data: 'not found' (a bad id, another company's id
 * or a failed call) with a way back, else a spinner.
 */
export function DetailFallback({
  failed,
  notFound,
  back,
}: {
  failed: boolean;
  notFound: string;
  back: { to: string; label: string };
}) {
  return (
    <div className={styles.fallback}>
      {failed ? (
        <Result status="warning" title={notFound} extra={<Link to={back.to}>{back.label}</Link>} />
      ) : (
        <Spin className={styles.loading} />
      )}
    </div>
  );
}

export function StatusTag({ status, text }: { status: string; text: string }) {
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{text}</Tag>;
}

export function PartCell({ pic, name, freyNo, number }: { pic: string; name: string; freyNo: string; number: string }) {
  return (
    <div className={styles.part}>
      {pic && <img src={pic} alt="" className={styles.pic} />}
      <div>
        <div>{name}</div>
        <div className={styles.muted}>
          {freyNo} · OE {number}
        </div>
      </div>
    </div>
  );
}

export function AddressBox({
  label,
  address,
  remark,
}: {
  label: string;
  address: AddressSnapshot | null;
  remark?: string;
}) {
  if (!address) return null;
  const city = address.city === address.province ? '' : address.city;
  return (
    <div className={styles.address}>
      <div className={styles.muted}>{label}</div>
      <div>
        {address.contacts} {address.mobile}
      </div>
      <div>
        {address.province}
        {city}
        {address.district}
        {address.street}
      </div>
      {remark ? <div className={styles.muted}>备注：{remark}</div> : null}
    </div>
  );
}

/** Each list's export (its .xlsx file and button) and its link to the other list. */
const LIST_ACTIONS = {
  orderExport: {
    fileName: '订单.xlsx',
    exportText: '导出订单',
    link: { to: '/profile/return_orders', text: '退货单' },
  },
  returnOrderExport: {
    fileName: '退货单.xlsx',
    exportText: '导出退货单',
    link: { to: '/profile/myorder', text: '我的订单' },
  },
} as const;

/** The title row of the order and return lists: export of the list as filtered and a link to the other list. */
export function ListActions({
  kind,
  filters,
}: {
  kind: keyof typeof LIST_ACTIONS;
  filters: Parameters<typeof downloadExport>[1];
}) {
  const { fileName, exportText, link } = LIST_ACTIONS[kind];
  return (
    <>
      <DownloadButton download={(onProgress) => downloadExport(kind, filters, fileName, { onProgress })}>
        {exportText}
      </DownloadButton>
      <Link to={link.to}>{link.text}</Link>
    </>
  );
}
