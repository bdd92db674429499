import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';

/**
 * The filters above a list: the page's fields, 查询 and 重置. The values come from the address
 * and go back to it (lib/use-url-query.ts); the form starts again whenever the address changes.
 */
export function FilterBar<V extends object>({
  initial,
  onSearch,
  children,
}: {
  initial: V;
  onSearch: (values: V) => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      key={JSON.stringify(initial)}
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              const empty = Object.fromEntries(Object.keys(initial).map((k) => [k, undefined])) as V;
              form.setFieldsValue(empty as never);
              onSearch(empty);
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
