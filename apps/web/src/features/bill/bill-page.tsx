import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isMonth } from '@shop/core/days';
import { App, Button, Descriptions, Input, Modal, Space, Table, Tag } from 'antd';
import {
  monthLabel,
  yuan,
  type StatementDetail,
  type StatementLine,
  type StatementSummary,
} from '@shop/core/api/statements';
import { DownloadButton } from '../../components/download-button/download-button';
import { EmptyState, PageShell, PageStates } from '../../components/page-shell/page-shell';
import { PaginationBar } from '../../components/pagination-bar/pagination-bar';
import { notify, notifyError } from '../../lib/notify';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useLastPageClamp, usePageParam } from '../../lib/use-paging';
import { LinesTable } from '../../components/lines-table/lines-table';
import { billQueries, downloadStatement, useStatementAction } from './bill-queries';
import styles from './bill.module.css';

const STATUS_COLOR: Record<string, string> = { pending: 'orange', confirmed: 'green', disputed: 'red' };
const LIMIT = 12;

/** An amount with its sign as the statement means it: positive owed, negative credited. */
function Amount({ value }: { value: string }) {
  return <span className={value.startsWith('-') ? styles.credit : undefined}>{yuan(value)}</span>;
}

function DisputeDialog({ statement, onClose }: { statement: StatementSummary; onClose: () => void }) {
  const [note, setNote] = useState('');
  const action = useStatementAction();
  const once = useSingleFlight();
  const submit = () =>
    once(() => {
      if (note.trim() === '') {
        notify.error('请填写异议说明');
        return;
      }
      return action.mutateAsync({ kind: 'dispute', id: statement.id, note }).then(
        (msg) => {
          notify.success(msg);
          onClose();
        },
        (err: unknown) => notifyError(err),
      );
    });
  return (
    <Modal
      open
      title={`对 ${statement.month_label}对账单 提出异议`}
      okText="提交异议"
      cancelText="取消"
      confirmLoading={action.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <p className={styles.sub}>请写明有疑问的单据、金额和原因，财务人员会在后台回复。</p>
      <Input.TextArea
        aria-label="异议说明"
        value={note}
        maxLength={500}
        showCount
        rows={4}
        onChange={(e) => setNote(e.target.value)}
      />
    </Modal>
  );
}

function StatementView({ s }: { s: StatementDetail }) {
  const action = useStatementAction();
  const [disputing, setDisputing] = useState(false);
  // The app's modal (the brand's colours), opened once however often the button is clicked.
  const { modal } = App.useApp();
  const confirming = useRef(false);
  const confirm = () => {
    if (confirming.current) return;
    confirming.current = true;
    modal.confirm({
      afterClose: () => {
        confirming.current = false;
      },
      title: `确认 ${s.month_label}对账单？`,
      content: `期末余额 ${yuan(s.closing)}。确认后不能再提出异议。`,
      okText: '确认无误',
      cancelText: '取消',
      onOk: () =>
        action.mutateAsync({ kind: 'confirm', id: s.id }).then(
          (msg) => notify.success(msg),
          (err: unknown) => notifyError(err),
        ),
    });
  };
  const fileName = (ext: string) => `对账单_${s.month.replace('-', '')}.${ext}`;
  return (
    <section className={styles.detail} aria-label={`${s.month_label}对账单`}>
      <div className={styles.detailHead}>
        <h2 className={styles.detailTitle}>
          {s.month_label}对账单 <Tag color={STATUS_COLOR[s.status]}>{s.status_cn}</Tag>
        </h2>
        <Space wrap>
          {s.can_confirm === 1 && (
            <>
              <Button type="primary" onClick={confirm} loading={action.isPending}>
                确认对账单
              </Button>
              <Button onClick={() => setDisputing(true)}>提出异议</Button>
            </>
          )}
          <DownloadButton download={(onProgress) => downloadStatement(s.id, 'xlsx', fileName('xlsx'), { onProgress })}>
            下载 Excel
          </DownloadButton>
          <DownloadButton download={(onProgress) => downloadStatement(s.id, 'pdf', fileName('pdf'), { onProgress })}>
            下载 PDF
          </DownloadButton>
        </Space>
      </div>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="期初余额">
          <Amount value={s.opening} />
        </Descriptions.Item>
        <Descriptions.Item label="本期发生">
          <Amount value={s.total} />
        </Descriptions.Item>
        <Descriptions.Item label="期末余额">
          <b>
            <Amount value={s.closing} />
          </b>
        </Descriptions.Item>
        <Descriptions.Item label="付款截止">{s.due_on}</Descriptions.Item>
      </Descriptions>
      <LinesTable<StatementLine>
        className={styles.lines}
        rowKey="id"
        dataSource={s.lines}
        locale={{ emptyText: '本月没有新的往来，期末余额为上月结转' }}
        columns={[
          { title: '日期', dataIndex: 'occurred_at', width: 170 },
          { title: '类型', dataIndex: 'kind_cn', width: 110 },
          { title: '摘要', dataIndex: 'description' },
          {
            title: '金额',
            dataIndex: 'amount',
            width: 130,
            align: 'right',
            render: (v: string) => <Amount value={v} />,
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              本期合计（{s.line_count} 笔）
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Amount value={s.total} />
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {s.disputes.length > 0 && (
        <div className={styles.disputes} aria-label="异议记录">
          <h3>异议记录</h3>
          {s.disputes.map((d) => (
            <div key={d.id} className={styles.dispute}>
              <div>
                <b>异议</b>（{d.created_at}）：{d.note}
              </div>
              <div className={styles.sub}>
                {d.replied_at ? `财务回复（${d.replied_at}）：${d.reply}` : '等待财务回复'}
              </div>
            </div>
          ))}
        </div>
      )}
      {s.confirmed_at && <p className={styles.sub}>已于 {s.confirmed_at} 确认。</p>}
      {disputing && <DisputeDialog statement={s} onClose={() => setDisputing(false)} />}
    </section>
  );
}

/**
 * /profile/bill (spec.md section 2; docs/statements.md): the company's monthly statements with its
 * credit; the chosen month's opening balance, lines and closing balance; confirm and dispute (the
 * main account), downloads as Excel and PDF.
 */
export default function BillPage() {
  const { params, setParams, page, setPage } = usePageParam();
  const list = useQuery(billQueries.list(page, LIMIT));
  useLastPageClamp(list, page, LIMIT, (last, _limit, options) => setPage(last, options));
  const rows = list.data?.list ?? [];
  // The month of the address: on this page of months, else looked up (a link to an older month);
  // a month the company has no statement of is said so, not replaced by the newest.
  const asked = params.get('month');
  const wanted = asked !== null && isMonth(asked) ? asked : undefined;
  const onPage = wanted === undefined ? rows[0] : rows.find((r) => r.month === wanted);
  const elsewhere = useQuery({
    ...billQueries.month(wanted ?? ''),
    enabled: wanted !== undefined && list.isSuccess && onPage === undefined,
  });
  const chosen = onPage ?? elsewhere.data?.list[0];
  const missing = wanted !== undefined && list.isSuccess && onPage === undefined && elsewhere.isSuccess && !chosen;
  const detail = useQuery({ ...billQueries.detail(chosen?.id ?? 0), enabled: chosen !== undefined });
  // The page of months stays in the address with the month chosen on it.
  const chooseMonth = (month: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('month', month);
        return next;
      },
      { replace: true },
    );
  const credit = list.data;
  const hint = credit
    ? `${credit.credit_limit ? `信用额度 ${yuan(credit.credit_limit)}` : '信用额度不限'} · 账期 ${credit.payment_days} 天 · 当前未结 ${yuan(credit.open_balance)}`
    : undefined;
  return (
    <PageShell title="对账单" hint={hint}>
      <PageStates query={list} empty={rows.length === 0} emptyText="暂无对账单，每月初生成上月对账单">
        <div className={styles.layout}>
          <ul className={styles.months} aria-label="月份">
            {rows.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className={r.id === chosen?.id ? `${styles.month} ${styles.active}` : styles.month}
                  aria-current={r.id === chosen?.id ? 'true' : undefined}
                  onClick={() => chooseMonth(r.month)}
                >
                  <span>{r.month_label}</span>
                  <Tag color={STATUS_COLOR[r.status]}>{r.status_cn}</Tag>
                  <span className={styles.sub}>期末 {yuan(r.closing)}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.main}>
            {missing ? (
              <EmptyState text={`没有${monthLabel(wanted)}的对账单`} />
            ) : chosen === undefined ? (
              <PageStates query={elsewhere}>{null}</PageStates>
            ) : (
              <PageStates query={detail}>{detail.data && <StatementView s={detail.data} />}</PageStates>
            )}
          </div>
        </div>
        {(credit?.total ?? 0) > LIMIT && (
          <PaginationBar total={credit?.total ?? 0} page={page} limit={LIMIT} onChange={(p) => setPage(p)} />
        )}
      </PageStates>
    </PageShell>
  );
}
