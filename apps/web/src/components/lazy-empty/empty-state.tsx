import type { ReactNode } from 'react';
import { Empty } from 'antd';

export interface EmptyStateProps {
  description: ReactNode;
  /** antd's small grey picture instead of the default illustration. */
  simple?: boolean;
  children?: ReactNode;
}

/** antd's Empty, in its own chunk (see LazyEmpty). */
export default function EmptyState({ description, simple, children }: EmptyStateProps) {
  return (
    <Empty description={description} image={simple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined}>
      {children}
    </Empty>
  );
}
