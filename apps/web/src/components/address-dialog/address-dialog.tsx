import { useEffect, useMemo } from 'react';
import { Cascader, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import {
  ADDRESS_MESSAGES,
  contactsProblem,
  logisticsProblem,
  mobileProblem,
  regionProblem,
  streetProblem,
  type AddressRuleContext,
} from '@shop/core/address-rules';
import type { AddressItem } from '@shop/core/api/address';
import { beijingWarehouseEnabled } from '@shop/core/brand-variants';
import { useAddAddress, useEditAddress } from '../../entities/address/address-queries';
import { variant } from '../../lib/brand';
import { areaNames, areaOptions, areaPath } from './area-options';

/**
 * The address add/edit dialog (spec.md sections 2 'Shared pieces' and 5 'Address form'): the
 * rules and messages are core's address-rules, the same the server applies. The two warehouse
 * default flags exclude each other: while one is ticked the other is disabled with a hint to
 * untick it first. 'copy' opens the dialog as a new address with both flags reset.
 */
export type AddressDialogMode =
  | { kind: 'add' }
  | { kind: 'edit'; address: AddressItem }
  /** A new address prefilled from `address` (its default flags already reset by copyAddress). */
  | { kind: 'copy'; address: AddressItem };

export interface AddressDialogProps {
  mode: AddressDialogMode | null;
  rules: AddressRuleContext;
  onClose: () => void;
  /** After a successful save (the server's msg has been shown). */
  onSaved?: (addressId: number) => void;
}

/** The form's rules for this brand variant and account (the address page and the settlement page). */
export function addressRulesFor(isRegionalWarehouse: number | undefined): AddressRuleContext {
  return {
    logisticsRequired: variant.addressLogistics,
    beijingDefaultAllowed: beijingWarehouseEnabled(variant, isRegionalWarehouse ?? 0),
  };
}

interface FormValues {
  contacts: string;
  region: string[] | undefined;
  mobile: string;
  street: string;
  logistics_information: string;
  is_main: boolean;
  other_is_main: boolean;
}

const TITLES = { add: '新增收货地址', edit: '编辑收货地址', copy: '复制收货地址' } as const;

/** A form rule from a core check (undefined: fine). */
const check =
  <T,>(problem: (value: T) => string | undefined) =>
  () => ({
    validator: (_: unknown, value: T) => {
      const message = problem(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

export function AddressDialog({ mode, rules, onClose, onSaved }: AddressDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const add = useAddAddress();
  const edit = useEditAddress();
  const options = useMemo(() => areaOptions(), []);
  const isMain = Form.useWatch('is_main', form);
  const otherIsMain = Form.useWatch('other_is_main', form);
  const saving = add.isPending || edit.isPending;

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (mode.kind !== 'add') {
      const a = mode.address;
      form.setFieldsValue({
        contacts: a.contacts,
        region: areaPath(a),
        mobile: a.mobile,
        street: a.street,
        logistics_information: a.logistics_information,
        is_main: a.is_main === 1,
        other_is_main: rules.beijingDefaultAllowed && a.other_is_main === 1,
      });
    }
  }, [mode, form, rules.beijingDefaultAllowed]);

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const [province, city, district] = areaNames(values.region);
    const payload = {
      contacts: values.contacts.trim(),
      province,
      city,
      district,
      area_code: values.region?.[2] ?? '',
      mobile: values.mobile.trim(),
      street: values.street.trim(),
      is_main: values.is_main ? 1 : 0,
      other_is_main: rules.beijingDefaultAllowed && values.other_is_main ? 1 : 0,
      ...(rules.logisticsRequired ? { logistics_information: values.logistics_information.trim() } : {}),
    } as const;
    const done = (result: { data: { address_id: number } }) => {
      onSaved?.(result.data.address_id);
      onClose();
    };
    if (mode?.kind === 'edit') edit.mutate({ ...payload, address_id: mode.address.address_id }, { onSuccess: done });
    else add.mutate(payload, { onSuccess: done });
  };

  const mainLabel = rules.beijingDefaultAllowed ? '设为广州仓默认地址' : '设为默认地址';

  return (
    <Modal
      open={mode !== null}
      title={mode ? TITLES[mode.kind] : ''}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        initialValues={{
          contacts: '',
          region: undefined,
          mobile: '',
          street: '',
          logistics_information: '',
          is_main: false,
          other_is_main: false,
        }}
        requiredMark
      >
        <Form.Item label="收货人" name="contacts" required rules={[check(contactsProblem)]}>
          <Input placeholder="请输入收货人" maxLength={50} />
        </Form.Item>
        <Form.Item
          label="所在地区"
          name="region"
          required
          rules={[check((v: string[] | undefined) => regionProblem(v ? areaNames(v) : []))]}
        >
          <Cascader
            options={options}
            fieldNames={{ label: 'text', value: 'value', children: 'children' }}
            placeholder="省 / 市 / 区"
            showSearch
            aria-label="所在地区"
          />
        </Form.Item>
        <Form.Item label="手机号码" name="mobile" required rules={[check(mobileProblem)]}>
          <Input placeholder="请输入手机号码" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="详细地址" name="street" required rules={[check(streetProblem)]}>
          <Input.TextArea placeholder="请输入详细地址" maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {rules.logisticsRequired && (
          <Form.Item
            label="物流信息"
            name="logistics_information"
            required
            rules={[check((v: string) => logisticsProblem(v, rules))]}
          >
            <Input placeholder="请输入物流信息" maxLength={200} />
          </Form.Item>
        )}
        <Form.Item label="默认地址" style={{ marginBottom: 0 }}>
          <Space orientation="vertical" size={4}>
            <Space size={8}>
              <Form.Item name="is_main" valuePropName="checked" noStyle>
                <Checkbox disabled={rules.beijingDefaultAllowed && otherIsMain === true}>{mainLabel}</Checkbox>
              </Form.Item>
              {rules.beijingDefaultAllowed && otherIsMain === true && (
                <Typography.Text type="secondary">{ADDRESS_MESSAGES.uncheckFirst}</Typography.Text>
              )}
            </Space>
            {rules.beijingDefaultAllowed && (
              <Space size={8}>
                <Form.Item name="other_is_main" valuePropName="checked" noStyle>
                  <Checkbox disabled={isMain === true}>设为北京仓默认地址</Checkbox>
                </Form.Item>
                {isMain === true && <Typography.Text type="secondary">{ADDRESS_MESSAGES.uncheckFirst}</Typography.Text>}
              </Space>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
