import { Button, Input, Tooltip } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { CART_QUANTITY_MAX, quantityBoxValue, stepCartQuantity } from '@shop/core/api/cart-rules';
import styles from './quantity-stepper.module.css';

export interface QuantityStepperProps {
  /** The quantity shown (kept within 0..CART_QUANTITY_MAX by this component). */
  value: number;
  onChange: (next: number) => void;
  /** Minus stops here: 0 in part rows and the detail, 1 in the cart dialog. Typing may go below it. */
  min?: 0 | 1;
  /** Why plus is blocked (e.g. '北京仓暂无库存'), shown as its tooltip; undefined when it is not. */
  plusBlockedReason?: string;
  /** Width of the number box in pixels. */
  inputWidth?: number;
}

/**
 * The quantity box of the catalog and lookup screens (part rows, the part detail, multi-number
 * result rows, the cart dialog): minus, a digits-only box and plus (spec.md section 4 and 5 'Cart
 * quantity'). Typing or pasting keeps the digits and never goes above what the cart takes
 * (CART_QUANTITY_MAX, 99999): a pasted 20-digit number shows 99999. Minus is disabled at `min`,
 * plus at the maximum or when `plusBlockedReason` is given.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 0,
  plusBlockedReason,
  inputWidth = 52,
}: QuantityStepperProps) {
  const current = quantityBoxValue(value);
  const atMax = current >= CART_QUANTITY_MAX;
  return (
    <span className={styles.stepper}>
      <Button
        size="small"
        icon={<MinusOutlined />}
        aria-label="减少数量"
        disabled={current <= min}
        onClick={() => onChange(stepCartQuantity(current, -1, min))}
      />
      <Input
        size="small"
        className={styles.input}
        style={{ width: inputWidth }}
        aria-label="数量"
        inputMode="numeric"
        value={String(current)}
        onChange={(e) => onChange(quantityBoxValue(e.target.value))}
      />
      {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper. */}
      <Tooltip title={plusBlockedReason ?? (atMax ? `最多 ${CART_QUANTITY_MAX}` : undefined)}>
        <span className={styles.plus}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label="增加数量"
            disabled={plusBlockedReason !== undefined || atMax}
            onClick={() => onChange(stepCartQuantity(current, 1, min))}
          />
        </span>
      </Tooltip>
    </span>
  );
}
