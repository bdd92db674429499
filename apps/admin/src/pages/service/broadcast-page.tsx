import { useState } from 'react';
import { Button, Col, Form, Input, Row, Select, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Broadcast, BroadcastAudience, BroadcastRequest } from '@shop/core/api/messages';
import { SwitchItem } from '../../components/form-items';
import { LoadError } from '../../components/load-error';
import { PageShell } from '../../components/page-shell';
import { useSingleFlight } from '../../lib/use-single-flight';
import { PopupPreview } from './popup-preview';
import { broadcastQueries, useBroadcast } from './service-api';
import { ChoiceItem } from '../../components/choice-item';

type AudienceType = BroadcastAudience['type'];

interface Values {
  tip_name: string;
  tip_description?: string;
  tip_word: string;
  is_eject: boolean;
  pop_type: 1 | 2;
  audience: AudienceType;
  brand?: string;
  companies?: { value: number; label: string }[];
}

const INITIAL: Partial<Values> = { is_eject: true, pop_type: 1, audience: 'all' };
const AUDIENCE_TEXT: Record<AudienceType, string> = { all: '全部经销商', brand: '某品牌的公司', companies: '指定公司' };

/** A new key per message composed: a second click (or a retry) of the same message sends it once. */
const newRequestKey = () => crypto.randomUUID().replaceAll('-', '');

function audienceOf(v: Values): BroadcastAudience {
  if (v.audience === 'brand') return { type: 'brand', brand: v.brand ?? '' };
  if (v.audience === 'companies') return { type: 'companies', company_ids: (v.companies ?? []).map((c) => c.value) };
  return { type: 'all' };
}

function audienceText(a: BroadcastAudience): string {
  if (a.type === 'brand') return `品牌：${a.brand}`;
  if (a.type === 'companies') return `指定公司 ${a.company_ids.length} 家`;
  return AUDIENCE_TEXT.all;
}

/** /admin/broadcast: compose a message to all dealers, a brand or chosen companies, with its popup's preview. */
export function BroadcastPage() {
  const [form] = Form.useForm<Values>();
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [keyword, setKeyword] = useState('');
  const [now] = useState(() => new Date());
  const values = Form.useWatch([], form) as Partial<Values> | undefined;
  const audience = useQuery(broadcastQueries.audience(keyword));
  const broadcast = useBroadcast();
  const send = useSingleFlight(async () => {
    const v = await form.validateFields();
    const body: BroadcastRequest = {
      tip_name: v.tip_name.trim(),
      tip_description: (v.tip_description ?? '').trim(),
      tip_word: v.tip_word.trim(),
      is_eject: v.is_eject ? 1 : 0,
      pop_type: v.pop_type,
      audience: audienceOf(v),
      request_key: requestKey,
    };
    await broadcast.mutateAsync(body);
    form.resetFields();
    setRequestKey(newRequestKey());
  });
  const busy = send.busy || broadcast.isPending;
  const type = values?.audience ?? 'all';

  return (
    <PageShell title="群发消息" extra={<Link to="/service">返回客服中心</Link>}>
      <Row gutter={32}>
        <Col xs={24} lg={14}>
          <Form<Values> form={form} layout="vertical" initialValues={INITIAL} disabled={busy} aria-label="群发消息">
            <ChoiceItem name="audience" label="发送对象" choices={AUDIENCE_TEXT} />
            {type === 'brand' ? (
              <Form.Item name="brand" label="品牌" rules={[{ required: true, message: '请选择品牌' }]}>
                <Select
                  placeholder="选择品牌"
                  aria-label="品牌"
                  loading={audience.isPending}
                  options={(audience.data?.brands ?? []).map((b) => ({ value: b, label: b }))}
                  notFoundContent="暂无品牌"
                />
              </Form.Item>
            ) : null}
            {type === 'companies' ? (
              <Form.Item name="companies" label="公司" rules={[{ required: true, message: '请选择接收的公司' }]}>
                <Select
                  mode="multiple"
                  labelInValue
                  showSearch
                  filterOption={false}
                  placeholder="输入公司名称或编号搜索"
                  aria-label="公司"
                  onSearch={setKeyword}
                  loading={audience.isFetching}
                  options={(audience.data?.companies ?? []).map((c) => ({
                    value: c.id,
                    label: `${c.name}（${c.id}）`,
                  }))}
                  notFoundContent={audience.isFetching ? '搜索中…' : '没有匹配的公司'}
                />
              </Form.Item>
            ) : null}
            <Form.Item
              name="tip_name"
              label="标题"
              rules={[{ required: true, whitespace: true, message: '请输入消息标题' }]}
            >
              <Input maxLength={100} showCount placeholder="如：春节放假通知" />
            </Form.Item>
            <Form.Item name="tip_description" label="摘要（可不填，默认取内容第一行）">
              <Input maxLength={200} showCount />
            </Form.Item>
            <Form.Item
              name="tip_word"
              label="内容"
              rules={[{ required: true, whitespace: true, message: '请输入消息内容' }]}
            >
              <Input.TextArea rows={6} maxLength={5000} showCount />
            </Form.Item>
            <Row gutter={24}>
              <Col>
                <SwitchItem name="is_eject" label="弹窗提醒" />
              </Col>
              <Col>
                <ChoiceItem
                  name="pop_type"
                  label="弹窗样式"
                  choices={[
                    [1, '普通弹窗'],
                    [2, '小弹窗'],
                  ]}
                />
              </Col>
            </Row>
            <Button type="primary" loading={busy} disabled={busy} onClick={() => void send.run()}>
              发送
            </Button>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>弹窗预览</Typography.Title>
          <PopupPreview
            title={values?.tip_name ?? ''}
            description={values?.tip_description ?? ''}
            content={values?.tip_word ?? ''}
            popType={values?.pop_type ?? 1}
            isEject={values?.is_eject ?? true}
            now={now}
          />
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        群发记录
      </Typography.Title>
      <SentBroadcasts />
    </PageShell>
  );
}

function SentBroadcasts() {
  const [page, setPage] = useState(1);
  const query = useQuery(broadcastQueries.list(page, 10));
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<Broadcast>
      size="small"
      rowKey="id"
      loading={query.isFetching}
      dataSource={query.data?.list ?? []}
      locale={{ emptyText: query.isPending ? '加载中…' : '暂无群发记录' }}
      pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '时间', dataIndex: 'created_at' },
        { title: '标题', dataIndex: 'tip_name' },
        { title: '对象', dataIndex: 'audience', render: audienceText },
        { title: '接收账号', dataIndex: 'recipients', align: 'right' },
        { title: '发送人', dataIndex: 'staff_name' },
      ]}
    />
  );
}
