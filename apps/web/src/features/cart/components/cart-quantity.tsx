import { useEffect, useRef, useState } from 'react';
import { Button, Input, Tooltip } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { cartAddRefusal, digitsOnly, quantityBoxValue } from '@shop/core/api/cart-rules';
import type { CartItem } from '@shop/core/api/cart';
import { useSetCartQuantity } from '../../../entities/cart/cart-queries';

/**
 * A cart line's quantity (spec.md sections 4 and 5 'Cart quantity'): plus and minus save at
 * once and roll back when the server refuses (its msg is toasted by the api client); minus is
 * disabled at 0; plus is blocked for a Beijing line without Beijing stock; typing keeps digits
 * only, at most CART_QUANTITY_MAX (quantityBoxValue), and saves on blur or Enter.
 */
export function CartQuantity({ item }: { item: CartItem }) {
  const [value, setValue] = useState(String(item.quantity));
  const saved = useRef(item.quantity);
  const mutation = useSetCartQuantity();
  const saving = useRef(false);

  // A refresh brings the stored quantity (unless a save is on its way).
  useEffect(() => {
    if (!saving.current) {
      saved.current = item.quantity;
      setValue(String(item.quantity));
    }
  }, [item.quantity]);

  const current = value === '' ? saved.current : Number(value);
  const plusRefusal = cartAddRefusal(item.warehouse_type, item.beijing_stock);
  const plusBlocked = plusRefusal !== undefined;

  const save = (next: number) => {
    const previous = saved.current;
    if (next === previous) {
      setValue(String(previous));
      return;
    }
    setValue(String(next));
    saving.current = true;
    mutation.mutate(
      { pd_cart_id: item.pd_cart_id, quantity: next },
      {
        onSuccess: (result) => {
          saved.current = result.quantity;
        },
        onError: () => setValue(String(saved.current)),
        onSettled: () => {
          saving.current = false;
        },
      },
    );
  };

  return (
    <div
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      data-testid={`cart-quantity-${item.pd_cart_id}`}
    >
      <Button
        size="small"
        icon={<MinusOutlined />}
        aria-label="减少数量"
        disabled={current <= 0}
        onClick={() => save(Math.max(0, current - 1))}
      />
      <Input
        size="small"
        style={{ width: 60, textAlign: 'center' }}
        aria-label="数量"
        inputMode="numeric"
        value={value}
        onChange={(e) => {
          // Digits only, never above what the cart takes ('' while the box is being cleared).
          const digits = digitsOnly(e.target.value);
          setValue(digits === '' ? '' : String(quantityBoxValue(digits)));
        }}
        onBlur={() => save(value === '' ? saved.current : Number(value))}
        onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
      />
      <Tooltip title={plusRefusal}>
        <span data-testid="plus-wrapper">
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label="增加数量"
            disabled={plusBlocked}
            onClick={() => save(current + 1)}
          />
        </span>
      </Tooltip>
    </div>
  );
}
