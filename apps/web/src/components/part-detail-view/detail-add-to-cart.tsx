import { Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { variant } from '../../lib/brand';
import { useAddToCart } from '../../lib/cart-queries';
import type { DetailPurchaseState } from './detail-summary';

/**
 * The part detail's 'add to cart' (the default `renderPurchase`): the chosen quantity (1 when it
 * is 0) to the detail's warehouse. Shows '操作成功' or the server's msg.
 */
export function DetailAddToCart({ state }: { state: DetailPurchaseState }) {
  const add = useAddToCart();
  return (
    <Button
      type="primary"
      icon={<ShoppingCartOutlined />}
      loading={add.isPending}
      onClick={() =>
        add.mutate({
          product_id: state.productId,
          quantity: state.quantity > 0 ? state.quantity : 1,
          warehouse_type: state.warehouse,
          is_coming_soon: variant.comingSoonCartFlag && state.isComingSoon === 1 ? 1 : 0,
        })
      }
    >
      加入购物车
    </Button>
  );
}

export const renderDetailAddToCart = (state: DetailPurchaseState) => <DetailAddToCart state={state} />;
