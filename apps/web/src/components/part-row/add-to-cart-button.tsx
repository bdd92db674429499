import { useState, type ReactNode } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { shownCartAddRefusal } from '@shop/core/api/cart';
import type { ProductRow } from '@shop/core/api/parts';
import { variant } from '../../lib/brand';
import { useAddToCart } from '../../lib/cart-queries';
import type { WarehouseId } from '@shop/core/constants';
import { effectiveWarehouse, usePreferences } from '../../lib/preferences';
import styles from './part-row.module.css';

/**
 * How many of the part the company's cart holds (both warehouses), as a badge on the add
 * button: the row's cart_number, plus what this page has added since.
 */
export function InCartBadge({ count, children }: { count: number; children: ReactNode }) {
  if (count <= 0) return children;
  return (
    <span data-testid="in-cart" title={`购物车中 ${count} 件`}>
      <Badge count={count} overflowCount={999} size="small">
        {children}
      </Badge>
    </span>
  );
}

/**
 * Adds a part to the cart and counts what the cart holds of it: `inCart` starts at the part's
 * cart_number and grows by each quantity added (a quantity of 0 adds 1; coming-soon parts carry
 * is_coming_soon=1 in the variant that asks for it). Used by the row and the detail buttons.
 */
export function useAddPartToCart(part: { productId: number; isComingSoon: number; cartNumber: number }) {
  const add = useAddToCart();
  const [inCart, setInCart] = useState(part.cartNumber);
  const addPart = (quantity: number, warehouse: WarehouseId) => {
    const added = quantity > 0 ? quantity : 1;
    add.mutate(
      {
        product_id: part.productId,
        quantity: added,
        warehouse_type: warehouse,
        is_coming_soon: variant.comingSoonCartFlag && part.isComingSoon === 1 ? 1 : 0,
      },
      { onSuccess: () => setInCart((n) => n + added) },
    );
  };
  return { inCart, addPart, pending: add.isPending };
}

/**
 * 'Add to cart' of a part row: the row's quantity (1 when it is 0) to the shared warehouse
 * choice (Guangzhou unless Beijing is enabled for the account); coming-soon parts carry
 * is_coming_soon=1 in the variant that asks for it. Disabled, with the reason as its tooltip,
 * when the part may not go into that warehouse (shownCartAddRefusal: Beijing without Beijing stock).
 * Shows '操作成功' or the server's msg, and the quantity in the cart (InCartBadge).
 */
export function AddToCartButton({
  row,
  quantity,
  beijingEnabled,
  size = 'small',
}: {
  row: Pick<ProductRow, 'product_id' | 'is_coming_soon' | 'cart_number' | 'beijing_stock'>;
  quantity: number;
  beijingEnabled: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const choice = usePreferences((s) => s.warehouse);
  const { inCart, addPart, pending } = useAddPartToCart({
    productId: row.product_id,
    isComingSoon: row.is_coming_soon,
    cartNumber: row.cart_number,
  });
  const warehouse = effectiveWarehouse(choice, beijingEnabled);
  const refusal = shownCartAddRefusal(warehouse, row.beijing_stock);

  const button = (
    <Tooltip title={refusal}>
      {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper. */}
      <span className={styles.tooltipTarget}>
        <Button
          type="primary"
          size={size}
          icon={<ShoppingCartOutlined />}
          loading={pending}
          disabled={refusal !== undefined}
          onClick={() => addPart(quantity, warehouse)}
          aria-label="加入购物车"
        >
          加入购物车
        </Button>
      </span>
    </Tooltip>
  );
  return <InCartBadge count={inCart}>{button}</InCartBadge>;
}
