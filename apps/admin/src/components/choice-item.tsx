import { Form, Radio } from 'antd';
import type { ReactNode } from 'react';

/**
 * A form field chosen with radio buttons: `choices` maps each value to its text, in order (a
 * record of texts, as core's *_TEXT maps are); `disabled` lists values that cannot be chosen now.
 */
export function ChoiceItem<V extends string | number>({
  name,
  label,
  choices,
  disabled = [],
}: {
  name: string;
  label: ReactNode;
  choices: readonly (readonly [V, string])[] | Record<V & string, string>;
  disabled?: readonly NoInfer<V>[];
}) {
  const pairs: (readonly [V, string])[] = Array.isArray(choices)
    ? [...(choices as readonly (readonly [V, string])[])]
    : (Object.entries(choices) as [V, string][]);
  return (
    <Form.Item name={name} label={label}>
      <Radio.Group
        options={pairs.map(([value, text]) => ({ value, label: text, disabled: disabled.includes(value) }))}
      />
    </Form.Item>
  );
}
