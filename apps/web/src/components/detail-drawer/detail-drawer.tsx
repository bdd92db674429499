import { Drawer } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { PartDetailView, type PartDetailViewProps } from '../part-detail-view/part-detail-view';

export const DETAIL_DRAWER_WIDTH = 1100;

export interface DetailDrawerProps extends Omit<PartDetailViewProps, 'productId' | 'compact'> {
  /** The part shown; null closes the drawer. */
  productId: number | null;
  onClose: () => void;
}

/**
 * The detail drawer (spec.md section 2): the part detail beside any list (part rows, the hot
 * rank panel), with a link that opens /parts/details in a new window.
 */
export function DetailDrawer({ productId, onClose, ...viewProps }: DetailDrawerProps) {
  return (
    <Drawer
      open={productId !== null}
      onClose={onClose}
      size={DETAIL_DRAWER_WIDTH}
      title="配件详情"
      destroyOnHidden
      extra={
        productId !== null && (
          <a href={`/parts/details?id=${productId}`} target="_blank" rel="noopener noreferrer">
            <ExportOutlined /> 在新窗口打开
          </a>
        )
      }
    >
      {productId !== null && <PartDetailView productId={productId} compact {...viewProps} />}
    </Drawer>
  );
}
