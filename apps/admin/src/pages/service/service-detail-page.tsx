import { useEffect, useState, type ReactNode } from 'react';
import { Button, Descriptions, Empty, Input, Result, Select, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { QUESTION_ANSWER_MAX, STAFF_REPLY_MAX } from '@shop/core/api/admin';
import { SERVICE_KIND_TEXT, SERVICE_KINDS } from '@shop/core/api/service';
import { DEVELOPMENT_STATUS, DEVELOPMENT_STATUS_KEYS, type DevelopmentStatus } from '@shop/core/development-rules';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { AnswerForm } from './answer-form';
import { AuthImage } from './auth-image';
import { serviceQueries, useDevelopmentStatus, useMarkRead } from './service-api';
import { useSingleFlight } from '../../lib/use-single-flight';
import { oneOf } from '../../components/filter-bar';

/** An ISO time (the feedback API's) as China time 'YYYY-MM-DD HH:mm:ss'. */
function chinaTime(iso: string): string {
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? iso : new Date(t + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
const back = <Link to="/service">返回客服中心</Link>;

/** /admin/service/:kind/:id: what the dealer wrote, the answers so far, and the answer form; opening it marks it read. */
export function ServiceDetailPage() {
  const params = useParams();
  const kind = oneOf(SERVICE_KINDS, params.kind ?? '') ?? null;
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : null;
  const { mutate: markRead } = useMarkRead();
  useEffect(() => {
    if (kind && id) markRead({ kind, id });
  }, [kind, id, markRead]);

  if (!kind || !id) return <Result status="404" title="页面不存在" extra={back} />;
  const title = `${SERVICE_KIND_TEXT[kind]} #${id}`;
  return (
    <PageShell title={title} extra={back}>
      {kind === 'question' ? <QuestionDetail id={id} /> : null}
      {kind === 'feedback' ? <FeedbackDetail id={id} /> : null}
      {kind === 'development' ? <DevelopmentDetail id={id} /> : null}
    </PageShell>
  );
}

/** Loading and error states around a detail. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Spin description="加载中…" />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

function Pictures({ urls, alt }: { urls: string[]; alt: string }) {
  if (urls.length === 0) return null;
  return (
    <Space wrap>
      {urls.map((url, n) => (
        <AuthImage key={url} src={url} alt={`${alt} ${n + 1}`} />
      ))}
    </Space>
  );
}

function Replies({ replies }: { replies: { content: string; created_at: string; pictures?: string[] }[] }) {
  if (replies.length === 0) return <Empty description="尚未回复" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={replies.map((r) => ({
        content: (
          <Space direction="vertical" size={4}>
            <Typography.Text type="secondary">{r.created_at}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.content}</Typography.Paragraph>
            <Pictures urls={r.pictures ?? []} alt="回复图片" />
          </Space>
        ),
      }))}
    />
  );
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <>
    <Typography.Title level={5} style={{ marginTop: 20 }}>
      {title}
    </Typography.Title>
    {children}
  </>
);

function QuestionDetail({ id }: { id: number }) {
  const query = useQuery(serviceQueries.question(id));
  return (
    <Loaded query={query}>
      {(q) => (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="商品">{`${q.frey_no} ${q.part_name}`}</Descriptions.Item>
            <Descriptions.Item label="类型">{q.type === 1 ? '咨询' : '商品反馈'}</Descriptions.Item>
            <Descriptions.Item label="公司">{`${q.company_name}（${q.company_id}）`}</Descriptions.Item>
            <Descriptions.Item label="账号">{q.account_name}</Descriptions.Item>
            <Descriptions.Item label="提问时间">{q.created_at}</Descriptions.Item>
            <Descriptions.Item label="客户已读回复">
              {q.reply_content ? (q.dealer_read ? '已读' : '未读') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="问题" span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {q.ask_questions}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Section title="回复">
            {q.reply_content ? (
              <Replies replies={[{ content: q.reply_content, created_at: q.reply_time, pictures: q.reply_pics }]} />
            ) : (
              <AnswerForm kind="question" id={id} withPictures maxLength={QUESTION_ANSWER_MAX} />
            )}
          </Section>
        </>
      )}
    </Loaded>
  );
}

function FeedbackDetail({ id }: { id: number }) {
  const query = useQuery(serviceQueries.feedback(id));
  return (
    <Loaded query={query}>
      {(f) => (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="公司">{`${f.company_name}（${f.company_id}）`}</Descriptions.Item>
            <Descriptions.Item label="账号">{f.account_name}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{chinaTime(f.created_at)}</Descriptions.Item>
            <Descriptions.Item label="附件">
              {!f.file_url ? (
                '无'
              ) : f.file_type === 'image' ? (
                <AuthImage src={f.file_url} alt="反馈附件" />
              ) : (
                <Tag>{`${f.file_name}（视频）`}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="反馈内容" span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{f.text}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Section title="回复记录">
            <Replies replies={f.replies.map((r) => ({ ...r, created_at: chinaTime(r.created_at) }))} />
          </Section>
          <Section title="再次回复">
            <AnswerForm kind="feedback" id={id} withPictures={false} maxLength={STAFF_REPLY_MAX} />
          </Section>
        </>
      )}
    </Loaded>
  );
}

function DevelopmentDetail({ id }: { id: number }) {
  const query = useQuery(serviceQueries.development(id));
  return (
    <Loaded query={query}>
      {(d) => (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="配件名称">{d.part_name}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag>{d.status_text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="车型">{d.vehicle || '—'}</Descriptions.Item>
            <Descriptions.Item label="OE 号">{d.oe_number || '—'}</Descriptions.Item>
            <Descriptions.Item label="月需求量">{d.monthly_quantity}</Descriptions.Item>
            <Descriptions.Item label="点赞">{d.like_count}</Descriptions.Item>
            <Descriptions.Item label="公司">{`${d.company_name}（${d.company_id}）`}</Descriptions.Item>
            <Descriptions.Item label="账号">{d.account_name}</Descriptions.Item>
            <Descriptions.Item label="说明" span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {d.description || '—'}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="图片" span={2}>
              {d.pictures.length > 0 ? <Pictures urls={d.pictures} alt="需求图片" /> : '无'}
            </Descriptions.Item>
          </Descriptions>
          <Section title="回复记录">
            <Replies
              replies={d.replies.map((r) => ({
                ...r,
                content: [r.status ? `状态更新为：${r.status_text}` : '', r.content].filter(Boolean).join('\n'),
              }))}
            />
          </Section>
          <Section title="修改状态">
            <StatusForm id={id} current={d.status} />
          </Section>
          <Section title="回复">
            <AnswerForm kind="development" id={id} withPictures={false} maxLength={STAFF_REPLY_MAX} />
          </Section>
        </>
      )}
    </Loaded>
  );
}

/** A development request's status, with an optional note the dealer reads with it; sent once. */
function StatusForm({ id, current }: { id: number; current: string }) {
  const [status, setStatus] = useState<DevelopmentStatus | undefined>();
  const [note, setNote] = useState('');
  const change = useDevelopmentStatus(id);
  const send = useSingleFlight(async (next: DevelopmentStatus) => {
    await change.mutateAsync({ status: next, note: note.trim() });
    setStatus(undefined);
    setNote('');
  });
  const busy = send.busy || change.isPending;
  return (
    <Space wrap>
      <Select<DevelopmentStatus>
        aria-label="新状态"
        placeholder="选择新状态"
        style={{ width: 140 }}
        value={status}
        onChange={setStatus}
        disabled={busy}
        options={DEVELOPMENT_STATUS_KEYS.filter((k) => k !== current).map((k) => ({
          value: k,
          label: DEVELOPMENT_STATUS[k],
        }))}
      />
      <Input
        aria-label="状态说明"
        placeholder="说明（可不填，客户可见）"
        maxLength={STAFF_REPLY_MAX}
        style={{ width: 320 }}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        disabled={busy}
      />
      <Button loading={busy} disabled={busy || !status} onClick={() => status && void send.run(status)}>
        更新状态
      </Button>
    </Space>
  );
}
