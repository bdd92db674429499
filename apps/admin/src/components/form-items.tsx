import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Switch } from 'antd';

/**
 * A yes/no form field shown as a switch; `texts` (on, off) are written on the switch itself.
 */
export function SwitchItem({
  name,
  label,
  texts,
}: {
  name: string;
  label?: ReactNode;
  texts?: readonly [on: string, off: string];
}) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch checkedChildren={texts?.[0]} unCheckedChildren={texts?.[1]} />
    </Form.Item>
  );
}

/** The `sort` field of a listed thing: a whole number from 0, the smaller shown first. */
export function SortItem({ label = '排序（小的在前）', max = 100_000 }: { label?: string; max?: number }) {
  return (
    <Form.Item name="sort" label={label}>
      <InputNumber min={0} max={max} precision={0} />
    </Form.Item>
  );
}

/** A one-line text field of at most `max` characters; `required` is what a blank one says. */
export function TextItem({
  name,
  label,
  max,
  required,
  placeholder,
}: {
  name: string;
  label: ReactNode;
  max: number;
  required?: string;
  placeholder?: string;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={required ? [{ required: true, whitespace: true, message: required }] : []}
    >
      <Input maxLength={max} placeholder={placeholder} />
    </Form.Item>
  );
}

/** A longer text field of at most `max` characters, `rows` high, with its count shown. */
export function NoteItem({ name, label, max, rows }: { name: string; label: ReactNode; max: number; rows: number }) {
  return (
    <Form.Item name={name} label={label}>
      <Input.TextArea rows={rows} maxLength={max} showCount />
    </Form.Item>
  );
}
