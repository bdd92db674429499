import { Button, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { InCartBadge, useAddPartToCart } from '../part-row/add-to-cart-button';
import type { DetailPurchaseState } from './detail-summary';

/**
 * The part detail's 'add to cart' (the default `renderPurchase`): the chosen quantity (1 when it
 * is 0) to the detail's warehouse; disabled with the reason as its tooltip when the part may not
 * go there (Beijing without Beijing stock). Shows '操作成功' or the server's msg, and the quantity in the
 * cart (InCartBadge).
 */
export function DetailAddToCart({ state }: { state: DetailPurchaseState }) {
  const { inCart, addPart, pending } = useAddPartToCart(state);
  return (
    <InCartBadge count={inCart}>
      <Tooltip title={state.refusal}>
        {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper. */}
        <span style={{ display: 'inline-flex' }}>
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            loading={pending}
            disabled={state.refusal !== undefined}
            onClick={() => addPart(state.quantity, state.warehouse)}
          >
            加入购物车
          </Button>
        </span>
      </Tooltip>
    </InCartBadge>
  );
}

// Keyed by the part: a drawer that moves on to another part starts from that part's cart_number.
export const renderDetailAddToCart = (state: DetailPurchaseState) => (
  <DetailAddToCart key={state.productId} state={state} />
);
