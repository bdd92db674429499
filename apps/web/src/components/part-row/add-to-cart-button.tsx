import { useState } from 'react';
import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import type { ProductRow } from '@shop/core/api/parts';
import { variant } from '../../lib/brand';
import { useAddToCart } from '../../lib/cart-queries';
import { effectiveWarehouse, usePreferences } from '../../lib/preferences';

/**
 * 'Add to cart' of a part row: the row's quantity (1 when it is 0) to the shared warehouse
 * choice (Guangzhou unless Beijing is enabled for the account); coming-soon parts carry
 * is_coming_soon=1 in the variant that asks for it. Shows '操作成功' or the server's msg.
 */
export function AddToCartButton({
  row,
  quantity,
  beijingEnabled,
  size = 'small',
}: {
  row: Pick<ProductRow, 'product_id' | 'is_coming_soon'>;
  quantity: number;
  beijingEnabled: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const choice = usePreferences((s) => s.warehouse);
  const add = useAddToCart();
  const [inCart, setInCart] = useState<number | null>(null);
  const warehouse = effectiveWarehouse(choice, beijingEnabled);

  const onAdd = () =>
    add.mutate(
      {
        product_id: row.product_id,
        quantity: quantity > 0 ? quantity : 1,
        warehouse_type: warehouse,
        is_coming_soon: variant.comingSoonCartFlag && row.is_coming_soon === 1 ? 1 : 0,
      },
      { onSuccess: (line) => setInCart(line.quantity) },
    );

  const button = (
    <Button
      type="primary"
      size={size}
      icon={<ShoppingCartOutlined />}
      loading={add.isPending}
      onClick={onAdd}
      aria-label="加入购物车"
    >
      加入购物车
    </Button>
  );
  if (inCart === null) return button;
  // After an add: the quantity of this part now in the cart (this warehouse) as a badge.
  return (
    <span data-testid="in-cart" title={`购物车中 ${inCart} 件`}>
      <Badge count={inCart} overflowCount={999} size="small">
        {button}
      </Badge>
    </span>
  );
}
