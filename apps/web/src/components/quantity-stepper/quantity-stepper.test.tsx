import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QuantityStepper } from './quantity-stepper';

function Harness({ start = 0, min, onChange }: { start?: number; min?: 0 | 1; onChange?: (n: number) => void }) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper
      value={value}
      min={min}
      onChange={(n) => {
        setValue(n);
        onChange?.(n);
      }}
    />
  );
}

const box = () => screen.getByRole('textbox', { name: '数量' }) as HTMLInputElement;
const plus = () => screen.getByRole('button', { name: '增加数量' }) as HTMLButtonElement;
const minus = () => screen.getByRole('button', { name: '减少数量' }) as HTMLButtonElement;

describe('QuantityStepper', () => {
  it('keeps digits only, as a non-negative integer', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(box(), { target: { value: '-1a2.5' } });
    expect(box().value).toBe('125');
    expect(onChange).toHaveBeenLastCalledWith(125);
    fireEvent.change(box(), { target: { value: '' } });
    expect(box().value).toBe('0');
    expect(minus().disabled).toBe(true);
  });

  it('a typed or pasted 20-digit number shows the cart maximum 99999, never 9007199254740991', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(box(), { target: { value: '12345678901234567890' } });
    expect(box().value).toBe('99999');
    expect(onChange).toHaveBeenLastCalledWith(99999);
    // Plus stops at the maximum; minus goes on from it.
    expect(plus().disabled).toBe(true);
    fireEvent.click(minus());
    expect(box().value).toBe('99998');
    fireEvent.click(plus());
    expect(box().value).toBe('99999');
    // One more digit typed at the end of 99999 stays 99999.
    fireEvent.change(box(), { target: { value: '999991' } });
    expect(box().value).toBe('99999');
  });

  it('steps by one and stops minus at min', () => {
    render(<Harness start={1} min={1} />);
    expect(minus().disabled).toBe(true);
    fireEvent.click(plus());
    fireEvent.click(plus());
    expect(box().value).toBe('3');
    fireEvent.click(minus());
    expect(box().value).toBe('2');
  });

  it('blocks plus with a reason', () => {
    render(<QuantityStepper value={2} onChange={() => {}} plusBlockedReason="北京仓暂无库存" />);
    expect(plus().disabled).toBe(true);
    expect(minus().disabled).toBe(false);
  });
});
