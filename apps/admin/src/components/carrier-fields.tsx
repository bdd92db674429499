import { Form, Input } from 'antd';

/** The carrier and tracking number of a shipment (form fields `carrier`, `tracking_no`), both required. */
export function CarrierFields() {
  return (
    <>
      <Form.Item name="carrier" label="承运商" rules={[{ required: true, whitespace: true, message: '请填写承运商' }]}>
        <Input placeholder="如 顺丰速运" maxLength={40} />
      </Form.Item>
      <Form.Item
        name="tracking_no"
        label="运单号"
        rules={[{ required: true, whitespace: true, message: '请填写运单号' }]}
      >
        <Input placeholder="运单号" maxLength={40} />
      </Form.Item>
    </>
  );
}
