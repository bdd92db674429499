import { Button, Form, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_TEXTS, type ContentPart as Part } from '@shop/core/api/admin-content';
import { PagedTable } from '../../components/paged-table';
import { apiPost } from '../../lib/api';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useUrlQuery } from '../../lib/use-url-query';
import { contentKey, partsQuery, reorderOf, useContentChange, type PartList } from './content-api';
import { orderColumn, RemoveButton } from './order-buttons';

/** The hot recommendations are few and put in order: all on one page. */
const HOT_PAGE = 100;

const TEXTS: Record<PartList, { what: string; empty: string }> = {
  'hot-recommends': { what: '热门推荐', empty: '暂无热门推荐（经销商首页取前 5 个）' },
  'new-arrivals': { what: '新品', empty: '暂无新品' },
};

/** Parts marked as hot recommendations or new arrivals: add by own code or OE number, remove, order. */
export function PartsTab({ list }: { list: PartList }) {
  const hot = list === 'hot-recommends';
  const paging = useUrlQuery([] as const);
  const page = hot ? 1 : paging.page;
  const limit = hot ? HOT_PAGE : paging.limit;
  const parts = useQuery(partsQuery(list, page, limit));
  const listKey = [...contentKey, list];
  const [form] = Form.useForm<{ number: string }>();
  const add = useContentChange(
    listKey,
    (number: string) => apiPost<Part>(`/api/admin/content/${list}`, { number }),
    '已加入',
  );
  const remove = useContentChange(
    listKey,
    (id: number) => apiPost(`/api/admin/content/${list}/${id}/delete`),
    '已移出',
  );
  const reorder = useContentChange(listKey, reorderOf(list), '排序已保存');
  const { run: submit, busy } = useSingleFlight(async () => {
    const { number } = await form.validateFields();
    await add.mutateAsync(number.trim());
    form.resetFields();
  });
  const ids = (parts.data?.list ?? []).map((p) => p.product_id);
  const { what, empty } = TEXTS[list];

  return (
    <>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Form.Item
          name="number"
          rules={[{ required: true, whitespace: true, message: CONTENT_TEXTS.partNumberRequired }]}
        >
          <Input placeholder="配件自编码或 OE 号" aria-label={`加入${what}的配件编号`} maxLength={60} disabled={busy} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          加入{what}
        </Button>
      </Form>
      <PagedTable<Part>
        query={parts}
        rowKey="product_id"
        paging={hot ? { page, limit, setPage: paging.setPage } : paging}
        emptyText={empty}
        columns={[
          ...(hot ? [orderColumn<Part>(ids, reorder)] : [{ title: '设为新品时间', dataIndex: 'new_arrival_at' }]),
          { title: '自编码', dataIndex: 'frey_no' },
          { title: 'OE 号', dataIndex: 'oe_number' },
          { title: '名称', dataIndex: 'product_name' },
          {
            title: '操作',
            render: (_: unknown, p: Part) => (
              <Space>
                <RemoveButton
                  title={`将 ${p.frey_no} 移出${what}？`}
                  label="移出"
                  busy={remove.isPending}
                  onConfirm={() => remove.mutateAsync(p.product_id)}
                />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
