import { PAGE_SHOWS_ERRORS } from '../../lib/query-client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, InputNumber, Radio, Space, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { LedgerEntry } from '@shop/core/api/points';
import { daysInMonth, POINTS_PER_FREY_COIN } from '@shop/core/points-rules';
import { PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { notify } from '../../lib/notify';
import { StatePagedTable } from '../../components/paged-table/state-paged-table';
import { pointsQueries, useExchange, useSignIn, type LedgerFilter } from './api/points-api';
import tiles from '../../components/stat-tiles/stat-tiles.module.css';
import styles from './points.module.css';

const WEEK = ['一', '二', '三', '四', '五', '六', '日'];

/** The sign-in calendar of the month of `today`, signed days marked. */
function SignInCalendar({ today, signed }: { today: string; signed: number[] }) {
  const month = today.slice(0, 7);
  const first = new Date(`${month}-01T00:00:00Z`).getUTCDay();
  const blanks = (first + 6) % 7;
  const days = daysInMonth(month);
  const todayNumber = Number(today.slice(8, 10));
  return (
    <div aria-label={`${month} 签到日历`}>
      <div className={styles.calendar}>
        {WEEK.map((w) => (
          <div key={w} className={styles.statLabel} style={{ textAlign: 'center' }}>
            {w}
          </div>
        ))}
        {Array.from({ length: blanks }, (_, i) => (
          <div key={`b${i}`} />
        ))}
        {Array.from({ length: days }, (_, i) => i + 1).map((d) => (
          <div
            key={d}
            className={[
              styles.day,
              signed.includes(d) ? styles.signed : '',
              d === todayNumber ? styles.today : '',
            ].join(' ')}
            aria-label={signed.includes(d) ? `${d} 日已签到` : `${d} 日`}
          >
            {d}
          </div>
        ))}
      </div>
    </div>
  );
}

/** /profile/points: 我的积分 (main accounts): balances, sign-in with the month's calendar, exchange, the ledgers. */
export default function PointsPage() {
  const overview = useQuery({ ...pointsQueries.overview(), meta: PAGE_SHOWS_ERRORS });
  const [filter, setFilter] = useState<LedgerFilter>({ page: 1, kind: 'points', direction: 0 });
  const ledger = useQuery(pointsQueries.ledger(filter));
  const signIn = useSignIn();
  const exchange = useExchange();
  const [coins, setCoins] = useState<number | null>(1);

  if (overview.isError) return <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  const columns: TableColumnsType<LedgerEntry> = [
    { title: '时间', dataIndex: 'create_time', width: 170 },
    { title: '类型', dataIndex: 'cause_cn', width: 120, render: (v: string) => <Tag>{v}</Tag> },
    {
      title: '变动',
      dataIndex: 'change',
      width: 90,
      render: (v: number) => <span style={{ color: v > 0 ? '#389e0d' : '#e4393c' }}>{v > 0 ? `+${v}` : v}</span>,
    },
    { title: '余额', dataIndex: 'balance_after', width: 90 },
    { title: '说明', dataIndex: 'note' },
    ...(filter.kind === 'points'
      ? [{ title: '到期时间', dataIndex: 'expires_at', width: 170 } as TableColumnsType<LedgerEntry>[number]]
      : []),
  ];
  const range = (dates: [Dayjs | null, Dayjs | null] | null) =>
    setFilter((f) => ({
      ...f,
      page: 1,
      start_date: dates?.[0]?.format('YYYY-MM-DD'),
      end_date: dates?.[1]?.format('YYYY-MM-DD'),
    }));

  return (
    <PageShell title="我的积分" hint={o ? o.fullname : undefined}>
      {o && (
        <>
          <div className={tiles.tiles}>
            <div className={tiles.tile} aria-label="积分余额">
              <div className={tiles.value}>{o.points}</div>
              <div className={tiles.label}>积分余额（已用 {o.consumed_points}）</div>
            </div>
            <div className={tiles.tile} aria-label="积分币余额">
              <div className={tiles.value}>{o.frey_coin}</div>
              <div className={tiles.label}>积分币（已用 {o.consumed_frey_coin}，1 个抵 1 元）</div>
            </div>
            <div className={tiles.tile}>
              <div className={tiles.value}>{o.expiring_points}</div>
              <div className={tiles.label}>30 天内到期{o.expiring_at ? `（最早 ${o.expiring_at}）` : ''}</div>
            </div>
          </div>
          <div className={styles.row}>
            <div>
              <Space>
                <Button
                  type="primary"
                  disabled={o.todaySignedIn === 1 || signIn.isPending}
                  loading={signIn.isPending}
                  onClick={() =>
                    void signIn.mutateAsync(undefined).then(
                      (r) => notify.success(`${r.msg}，积分 +${r.data.sign_in_points}`),
                      () => {},
                    )
                  }
                >
                  {o.todaySignedIn === 1 ? '今日已签到' : `签到领 ${o.sign_in_points} 积分`}
                </Button>
              </Space>
              <SignInCalendar today={o.today} signed={o.signed_days} />
            </div>
            <div>
              <h3>兑换积分币</h3>
              <p className={styles.statLabel}>
                {POINTS_PER_FREY_COIN} 积分兑换 1 个积分币，最多可兑换 {o.max_frey_coin} 个
              </p>
              <Space>
                <InputNumber
                  aria-label="兑换积分币数量"
                  min={1}
                  max={Math.max(1, o.max_frey_coin)}
                  precision={0}
                  value={coins}
                  onChange={setCoins}
                />
                <Button
                  disabled={!coins || o.max_frey_coin < 1 || exchange.isPending}
                  loading={exchange.isPending}
                  onClick={() =>
                    void exchange.mutateAsync(coins ?? 0).then(
                      (r) => notify.success(r.msg),
                      () => {},
                    )
                  }
                >
                  兑换
                </Button>
              </Space>
            </div>
            <div style={{ flex: 1, minWidth: 240 }}>
              <h3>积分规则</h3>
              <div className={styles.rules}>{o.rule_description}</div>
            </div>
          </div>
        </>
      )}
      <Space wrap style={{ margin: '16px 0' }}>
        <Radio.Group
          value={filter.kind}
          onChange={(e) => setFilter((f) => ({ ...f, page: 1, kind: e.target.value as LedgerFilter['kind'] }))}
          optionType="button"
          options={[
            { label: '积分明细', value: 'points' },
            { label: '积分币明细', value: 'coin' },
          ]}
        />
        <Radio.Group
          value={filter.direction}
          onChange={(e) => setFilter((f) => ({ ...f, page: 1, direction: Number(e.target.value) }))}
          options={[
            { label: '全部', value: 0 },
            { label: '获得', value: 1 },
            { label: '使用', value: 2 },
          ]}
        />
        <DatePicker.RangePicker
          aria-label="时间范围"
          onChange={(d) => range(d as [Dayjs | null, Dayjs | null] | null)}
        />
      </Space>
      <StatePagedTable<LedgerEntry>
        rowKey="id"
        columns={columns}
        query={ledger}
        page={filter.page}
        onPage={(page) => setFilter((f) => ({ ...f, page }))}
        emptyText="暂无明细"
      />
    </PageShell>
  );
}
