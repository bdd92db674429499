import { useState } from 'react';
import { Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { variant } from '../../lib/brand';
import { useAddToCart } from '../../lib/cart-queries';
import { InCartBadge } from '../part-row/add-to-cart-button';
import type { DetailPurchaseState } from './detail-summary';

/**
 * The part detail's 'add to cart' (the default `renderPurchase`): the chosen quantity (1 when it
 * is 0) to the detail's warehouse. Shows '操作成功' or the server's msg, and the quantity in the
 * cart (InCartBadge).
 */
export function DetailAddToCart({ state }: { state: DetailPurchaseState }) {
  const add = useAddToCart();
  const [inCart, setInCart] = useState(state.cartNumber);
  const onAdd = () => {
    const added = state.quantity > 0 ? state.quantity : 1;
    add.mutate(
      {
        product_id: state.productId,
        quantity: added,
        warehouse_type: state.warehouse,
        is_coming_soon: variant.comingSoonCartFlag && state.isComingSoon === 1 ? 1 : 0,
      },
      { onSuccess: () => setInCart((n) => n + added) },
    );
  };
  return (
    <InCartBadge count={inCart}>
      <Button type="primary" icon={<ShoppingCartOutlined />} loading={add.isPending} onClick={onAdd}>
        加入购物车
      </Button>
    </InCartBadge>
  );
}

// Keyed by the part: a drawer that moves on to another part starts from that part's cart_number.
export const renderDetailAddToCart = (state: DetailPurchaseState) => (
  <DetailAddToCart key={state.productId} state={state} />
);
