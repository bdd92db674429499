import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { Badge, Button, DatePicker, Input, Segmented, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import {
  isShownCategory,
  MESSAGE_TEXTS,
  READ_TIP_TYPE,
  TIP_LIST_TYPE,
  type SystemMessage,
} from '@shop/core/api/messages';
import { PagedTable, useUrlFilters, type Paging } from '../../components/paged-table/paged-table';
import { PageShell } from '../../components/page-shell/page-shell';
import { notify } from '../../lib/notify';
import { messageQueries, useReadTip } from '../../entities/message/message-queries';
import {
  MESSAGE_FILTER_DEFAULTS,
  MESSAGE_FILTER_RULES,
  messagePageSize,
  rememberMessagePageSize,
  toListRequest,
} from './message-filters';
import { useOpenMessage } from './open-message';
import styles from './messages.module.css';

const TYPE_OPTIONS = [
  { value: String(TIP_LIST_TYPE.all), label: '全部' },
  { value: String(TIP_LIST_TYPE.unread), label: '未读' },
  { value: String(TIP_LIST_TYPE.read), label: '已读' },
];

/**
 * /profile/system_msg (spec.md sections 2 and 4 'Messages'): the categories with their unread
 * counts (category 18 never), the messages of one category, filtered by title, number and day,
 * read or unread; page and filters live in the address, the page size also in the
 * system_msg_limit cookie. Opening a message marks it read; 全部标为已读 reads the category's.
 */
export default function SystemMsgPage() {
  const { search } = useLocation();
  const {
    filters: raw,
    setFilters,
    paging: urlPaging,
  } = useUrlFilters(MESSAGE_FILTER_DEFAULTS, {
    defaultLimit: messagePageSize(),
    rules: MESSAGE_FILTER_RULES,
  });
  const paging: Paging = {
    ...urlPaging,
    setPaging: (page, limit, options) => {
      if (limit !== urlPaging.limit) rememberMessagePageSize(limit);
      urlPaging.setPaging(page, limit, options);
    },
  };
  const request = toListRequest(raw, paging.page, paging.limit);
  const menu = useQuery(messageQueries.menu());
  const list = useQuery({ ...messageQueries.list(request), meta: { showError: false } });
  const readTip = useReadTip();
  const openMessage = useOpenMessage();
  const [title, setTitle] = useState(raw.tip_name);
  const [number, setNumber] = useState(raw.number);
  useEffect(() => setTitle(raw.tip_name), [raw.tip_name]);
  useEffect(() => setNumber(raw.number), [raw.number]);

  const categories = (menu.data?.list ?? []).filter((entry) => isShownCategory(entry.id));
  const unreadHere =
    request.category_id === 0
      ? (menu.data?.unread_total ?? 0)
      : (categories.find((c) => c.id === request.category_id)?.unread_num ?? 0);
  const applySearch = () => setFilters({ tip_name: title.trim(), number: number.trim() });
  const readAll = () =>
    readTip.mutate(
      { type: READ_TIP_TYPE.all, category_id: request.category_id },
      { onSuccess: () => notify.success(MESSAGE_TEXTS.allRead) },
    );

  const columns: TableColumnsType<SystemMessage> = [
    {
      title: '状态',
      key: 'read',
      width: 72,
      render: (_, m) => (m.read ? <Tag>已读</Tag> : <Tag color="red">未读</Tag>),
    },
    {
      title: '标题',
      key: 'title',
      render: (_, m) => (
        <button
          type="button"
          className={`${styles.titleLink} ${m.read ? '' : styles.unread}`}
          onClick={() => openMessage(m, search)}
        >
          {m.tip_name}
        </button>
      ),
    },
    { title: '内容', dataIndex: 'tip_description', key: 'desc', ellipsis: true },
    { title: '单号', dataIndex: 'number', key: 'number', width: 160, ellipsis: true },
    { title: '时间', dataIndex: 'create_time_text', key: 'time', width: 150 },
  ];

  return (
    <PageShell
      title="消息中心"
      hint={unreadHere > 0 ? `${unreadHere} 条未读` : undefined}
      actions={
        <Button onClick={readAll} loading={readTip.isPending} disabled={unreadHere === 0}>
          全部标为已读
        </Button>
      }
    >
      <div className={styles.layout}>
        <nav className={styles.categories} aria-label="消息分类">
          <CategoryButton
            name="全部消息"
            unread={menu.data?.unread_total ?? 0}
            active={request.category_id === 0}
            onClick={() => setFilters({ category_id: '0' })}
          />
          {categories.map((entry) => (
            <CategoryButton
              key={entry.id}
              name={entry.name}
              unread={entry.unread_num}
              active={request.category_id === entry.id}
              onClick={() => setFilters({ category_id: String(entry.id) })}
            />
          ))}
          {menu.isError && <span className={styles.menuError}>分类加载失败</span>}
        </nav>
        <div className={styles.main}>
          <div className={styles.filters}>
            <Segmented
              value={String(request.type)}
              options={TYPE_OPTIONS}
              onChange={(value) => setFilters({ type: String(value) })}
            />
            <FilterInput label="标题" placeholder="标题" value={title} onChange={setTitle} onEnter={applySearch} />
            <FilterInput
              label="单号"
              placeholder="订单号 / 配件号"
              value={number}
              onChange={setNumber}
              onEnter={applySearch}
            />
            <DatePicker
              placeholder="日期"
              aria-label="日期"
              value={request.adjust_price_time ? dayjs(request.adjust_price_time) : null}
              onChange={(day) => setFilters({ adjust_price_time: day ? day.format('YYYY-MM-DD') : '' })}
            />
            <Button type="primary" onClick={applySearch}>
              查询
            </Button>
          </div>
          <PagedTable<SystemMessage> rowKey="id" columns={columns} query={list} paging={paging} emptyText="暂无消息" />
        </div>
      </div>
    </PageShell>
  );
}

/** A text filter, applied with 查询 or Enter. */
function FilterInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
}) {
  return (
    <Input
      className={styles.filterInput}
      placeholder={props.placeholder}
      aria-label={props.label}
      allowClear
      maxLength={100}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onPressEnter={props.onEnter}
    />
  );
}

function CategoryButton(props: { name: string; unread: number; active: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${styles.category} ${props.active ? styles.activeCategory : ''}`}
      aria-current={props.active ? 'true' : undefined}
      onClick={props.onClick}
    >
      <span>{props.name}</span>
      <Badge count={props.unread} size="small" overflowCount={99} />
    </button>
  );
}
