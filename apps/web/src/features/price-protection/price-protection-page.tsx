import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tooltip, type TableColumnsType } from 'antd';
import type { ProtectedLine } from '@shop/core/api/price-protection';
import { PRICE_PROTECTION_TEXTS as T } from '@shop/core/price-protection';
import { FilterBar } from '../../components/paged-table/filter-bar';
import { PagedListPage } from '../../components/paged-table/paged-list-page';
import { useUrlFilters } from '../../components/paged-table/paged-table';
import { idOf } from '@shop/core/api/id-input';
import { keepPriceQueries } from './api/keep-price-queries';
import styles from './price-protection.module.css';

const DEFAULTS = { keyword: '', adjust_id: '' };

/** A 'YYYY-MM-DD HH:mm:ss' time as date over time: the narrow time columns leave the part its room. */
function DateOverTime({ value }: { value: string }) {
  const [date, time] = value.split(' ');
  return (
    <>
      <div>{date}</div>
      {time && <div className={styles.code}>{time}</div>}
    </>
  );
}

function Rules() {
  const rules = useQuery(keepPriceQueries.rules());
  if (!rules.data) return null;
  return (
    <ul className={styles.rules} aria-label="价保规则">
      {rules.data.rules.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

/**
 * /profile/price_protection: the company's compensated order lines (amount, what returns took
 * back, net) with the totals of the filter and the rules (docs/price-protection.md).
 */
export default function PriceProtectionPage() {
  const { filters, setFilters, paging } = useUrlFilters(DEFAULTS, { rules: { adjust_id: 'id' } });
  const adjustId = idOf(filters.adjust_id);
  const list = useQuery(
    keepPriceQueries.lines({ keyword: filters.keyword, adjust_id: adjustId, page: paging.page, limit: paging.limit }),
  );
  const d = list.data;
  const columns: TableColumnsType<ProtectedLine> = [
    {
      title: '订单号',
      key: 'order',
      width: 160,
      render: (_, r) => <Link to={`/profile/myorder/detail?id=${r.order_id}`}>{r.orders_no}</Link>,
    },
    {
      title: '商品',
      key: 'part',
      width: 200,
      render: (_, r) => (
        <>
          <Link to={`/parts/details?id=${r.product_id}`}>{r.l_name_zh}</Link>
          <div className={styles.code}>{r.frey_no}</div>
        </>
      ),
    },
    {
      title: '购买时间',
      key: 'bought',
      width: 110,
      render: (_, r) => <DateOverTime value={r.bought_time} />,
    },
    {
      title: '调价时间',
      key: 'adjust',
      width: 110,
      render: (_, r) => <DateOverTime value={r.adjust_time} />,
    },
    { title: '数量', dataIndex: 'quantity', key: 'q', width: 60 },
    {
      title: '单价（原→新）',
      key: 'unit',
      width: 150,
      render: (_, r) => (
        <span className={styles.down}>
          ¥{r.unit_paid} → ¥{r.unit_new}
        </span>
      ),
    },
    {
      title: '补偿金额',
      key: 'amount',
      width: 150,
      render: (_, r) => (
        <Tooltip title={r.explanation}>
          <span className={styles.amount}>¥{r.amount}</span>
          {r.reversed_quantity > 0 && (
            <div className={styles.code}>
              退货扣回 {r.reversed_quantity} 件 −¥{r.reversed_amount}，净 ¥{r.net_amount}
            </div>
          )}
        </Tooltip>
      ),
    },
  ];
  return (
    <PagedListPage<ProtectedLine>
      title={T.protectionTitle}
      hint="经销价下调后自动补偿，计入对账单"
      actions={
        <>
          <Link to="/parts/price_adjustment">调价专区</Link>
          {' · '}
          <Link to="/profile/bill">对账单</Link>
        </>
      }
      rowKey="id"
      columns={columns}
      expandable={{
        expandedRowRender: (r) => <div className={styles.explanation}>{r.explanation}</div>,
      }}
      query={list}
      paging={paging}
      emptyText={T.emptyProtection}
      // Under the list, once it has come: neither pushes the other down in sight.
      after={list.data && <Rules />}
    >
      {/* Drawn before its figures arrive ('—'), so their arrival moves nothing under it. */}
      <div className={styles.summary} aria-busy={!d}>
        <div className={styles.stat} aria-label="补偿合计">
          <div className={styles.statValue}>{d ? `¥${d.total_amount}` : '—'}</div>
          <div className={styles.statLabel}>补偿合计（{d ? d.total : '—'} 行）</div>
        </div>
        <div className={styles.stat} aria-label="退货扣回">
          <div className={styles.statValue}>{d ? `¥${d.total_reversed}` : '—'}</div>
          <div className={styles.statLabel}>退货扣回</div>
        </div>
        <div className={styles.stat} aria-label="净补偿">
          <div className={styles.statValue}>{d ? `¥${d.total_net}` : '—'}</div>
          <div className={styles.statLabel}>净补偿</div>
        </div>
      </div>
      <FilterBar
        filters={filters}
        onSearch={setFilters}
        inputs={[{ name: 'keyword', placeholder: '商品名称 / 编码 / OE号' }]}
        onReset={adjustId || filters.keyword ? () => setFilters({ keyword: '', adjust_id: '' }) : undefined}
      />
    </PagedListPage>
  );
}
