import { AddToCartButton } from '../part-row/add-to-cart-button';
import type { DetailPurchaseState } from './detail-summary';

/**
 * The part detail's 'add to cart' (the default `renderPurchase`): the chosen quantity (1 when it
 * is 0) to the detail's warehouse through the part's actions (usePartActions, as on its row);
 * disabled with the reason as its tooltip when the part may not go there (Beijing without Beijing
 * stock). Shows the quantity in the cart (InCartBadge).
 */
export function DetailAddToCart({ state }: { state: DetailPurchaseState }) {
  return (
    <AddToCartButton
      size="middle"
      inCart={state.cartNumber}
      pending={state.adding}
      refusal={state.refusal}
      onAdd={state.add}
    />
  );
}

export const renderDetailAddToCart = (state: DetailPurchaseState) => (
  <DetailAddToCart key={state.productId} state={state} />
);
