import { Form, Input } from 'antd';

/**
 * The required mobile number of a form (field `phone`, 11 characters): `pattern` is the rule of the
 * account it belongs to, `message` what a number that does not match it shows.
 */
export function PhoneItem({ pattern, message }: { pattern: RegExp; message: string }) {
  return (
    <Form.Item name="phone" label="手机号" rules={[{ required: true, pattern, message }]}>
      <Input maxLength={11} autoComplete="off" />
    </Form.Item>
  );
}
