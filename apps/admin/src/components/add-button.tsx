import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/** A screen's primary button that adds something (添加…, 新建…), with the plus icon. */
export function AddButton({ onClick, children }: { onClick?: () => void; children: ReactNode }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {children}
    </Button>
  );
}
