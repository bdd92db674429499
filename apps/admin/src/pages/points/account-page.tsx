import { idOf } from '@shop/core/api/id-input';
import { useMemo, useState } from 'react';
import { Button, Form, Input, InputNumber, Space, Statistic, Typography, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CompanyPoints, LedgerEntry, LedgerList, PointsAdjustInput } from '@shop/core/api/points';
import { POINTS_TEXTS } from '@shop/core/points-rules';
import { DayRangeItem, validDay } from '../../components/filter-bar';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { ChoiceFilter, ListPage, useUrlList } from '../../components/list-page';
import { BadIdPage } from '../../components/page-shell';
import { pointsQueries, useAdjustPoints } from './points-api';
import { newRequestKey } from '../finance/finance-api';
import { ChoiceItem } from '../../components/choice-item';

const KEYS = ['kind', 'direction', 'start_date', 'end_date'] as const;
const KIND_TEXTS = { points: '积分', coin: '积分币' } as const;
const DIRECTION_TEXTS = { 1: '只看增加', 2: '只看减少' } as const;

const columns: TableColumnsType<LedgerEntry> = [
  { title: '时间', dataIndex: 'create_time' },
  { title: '原因', dataIndex: 'cause_cn' },
  {
    title: '变动',
    dataIndex: 'change',
    align: 'right',
    render: (change: number) => (
      <Typography.Text type={change < 0 ? 'danger' : 'success'}>{change > 0 ? `+${change}` : change}</Typography.Text>
    ),
  },
  { title: '变动后余额', dataIndex: 'balance_after', align: 'right' },
  { title: '说明', dataIndex: 'note', render: (note: string) => note || '—' },
  { title: '到期时间', dataIndex: 'expires_at', render: (at: string) => at || '—' },
];

/**
 * /admin/points/accounts/:id: a company's points and coins, the ledger of either (filtered in the
 * address) and a manual adjustment with its required reason.
 */
export function PointsAccountPage() {
  const id = idOf(useParams().id ?? '') ?? 0;
  const list = useUrlList(
    KEYS,
    (filters) => ({
      kind: filters.kind === 'coin' ? ('coin' as const) : ('points' as const),
      direction: filters.direction === '1' ? 1 : filters.direction === '2' ? 2 : undefined,
      start_date: validDay(filters.start_date),
      end_date: validDay(filters.end_date),
    }),
    (params): UseQueryOptions<CompanyPoints, Error, LedgerList, unknown[]> => ({
      ...pointsQueries.company(id, params),
      enabled: id > 0,
      select: (d) => d.ledger,
    }),
  );
  const balances = useQuery({
    ...pointsQueries.company(id, { ...list.search, page: list.paging.page, limit: list.paging.limit }),
    enabled: id > 0,
  });
  const [adjusting, setAdjusting] = useState(false);
  const back = <Link to="/points/accounts">返回积分账户</Link>;

  if (id === 0) return <BadIdPage title="积分账户" back={back} problem="公司编号不正确" />;
  const company = balances.data;
  return (
    <ListPage
      title={company ? `积分账户 · ${company.company_name}` : '积分账户'}
      extra={
        <Space>
          {back}
          <Button type="primary" disabled={!company} onClick={() => setAdjusting(true)}>
            人工调整
          </Button>
        </Space>
      }
      list={list}
      above={
        company ? (
          <Space size={48}>
            <Statistic title="积分" value={company.points} />
            <Statistic title="积分币" value={company.frey_coin} />
          </Space>
        ) : null
      }
      table={{ columns, rowKey: 'id', emptyText: '暂无明细' }}
      after={adjusting ? <AdjustDialog companyId={id} onClose={() => setAdjusting(false)} /> : null}
    >
      <ChoiceFilter
        name="kind"
        label="明细"
        placeholder="积分"
        width={110}
        values={['points', 'coin']}
        texts={KIND_TEXTS}
      />
      <ChoiceFilter
        name="direction"
        label="方向"
        placeholder="全部"
        width={120}
        values={['1', '2']}
        texts={DIRECTION_TEXTS}
      />
      <DayRangeItem label="日期" />
    </ListPage>
  );
}

interface AdjustForm {
  kind: 'points' | 'coin';
  change: number;
  reason: string;
}

/** 人工调整: points or coins, up or down (never below 0: the server refuses), a reason required. */
function AdjustDialog({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const adjust = useAdjustPoints(companyId);
  // One key per opened dialog: a double submit or a retry after a lost answer adjusts once.
  const key = useMemo(newRequestKey, []);
  const dialog = useDialogForm<AdjustForm>(onClose, async (v) => {
    const body: PointsAdjustInput = { kind: v.kind, change: v.change, reason: v.reason.trim(), request_key: key };
    await adjust.mutateAsync(body);
  });
  return (
    <FormDialog {...dialog} title="人工调整" okText="确认调整" initialValues={{ kind: 'points' }}>
      <ChoiceItem name="kind" label="调整" choices={{ points: '积分', coin: '积分币' }} />
      <Form.Item
        name="change"
        label="数量（正数增加，负数扣减）"
        rules={[
          { required: true, message: '请填写调整数量' },
          {
            validator: (_, value: number | null) =>
              value === 0 ? Promise.reject(new Error(POINTS_TEXTS.adjustmentZero)) : Promise.resolve(),
          },
        ]}
      >
        <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="原因"
        rules={[{ required: true, whitespace: true, message: POINTS_TEXTS.reasonRequired }]}
      >
        <Input.TextArea maxLength={200} rows={3} showCount placeholder="将记入操作日志" />
      </Form.Item>
    </FormDialog>
  );
}
