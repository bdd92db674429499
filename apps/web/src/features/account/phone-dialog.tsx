import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { ACCOUNT_TEXTS, SMS_CODE_LENGTH, isSmsCode } from '@shop/core/api/account';
import { isValidPhone, PHONE_INVALID_TEXT } from '@shop/core/api/user';
import { FormDialog, useDialogForm } from '../../components/form-dialog/form-dialog';
import { notify, notifyError } from '../../lib/notify';
import { useCountdown } from '../../lib/use-countdown';
import { sendSms, useChangePhone } from './api/account-api';

interface PhoneValues {
  phone: string;
  code: string;
}

/** 修改手机号: the new phone, a code sent to it (60 s between sends), then the change. */
export function PhoneDialog({ open, current, onClose }: { open: boolean; current: string; onClose: () => void }) {
  const change = useChangePhone();
  const dialog = useDialogForm<PhoneValues>(open, onClose, change.isPending);
  const { form } = dialog;
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const phone = String(form.getFieldValue('phone') ?? '').trim();
    if (!isValidPhone(phone)) {
      form.setFields([{ name: 'phone', errors: [PHONE_INVALID_TEXT] }]);
      return;
    }
    if (phone === current) {
      form.setFields([{ name: 'phone', errors: [ACCOUNT_TEXTS.phoneSame] }]);
      return;
    }
    if (sending) return;
    setSending(true);
    try {
      const { data, msg } = await sendSms({ phone, type: 'change_phone' });
      notify.success(msg);
      countdown.start(data.resend_after);
    } catch (err) {
      notifyError(err);
    } finally {
      setSending(false);
    }
  };

  const submit = (values: PhoneValues) =>
    change.mutateAsync({ phone: values.phone.trim(), code: values.code.trim() }).then(onClose);

  return (
    <FormDialog {...dialog} title="修改手机号" onFinish={submit} requiredMark={false}>
      <Form.Item label="当前手机号">{current}</Form.Item>
      <Form.Item
        name="phone"
        label="新手机号"
        rules={[
          { required: true, message: '请输入新手机号' },
          {
            validator: (_, v: string) =>
              !v || isValidPhone(v.trim()) ? Promise.resolve() : Promise.reject(new Error(PHONE_INVALID_TEXT)),
          },
        ]}
      >
        <Input maxLength={11} placeholder="请输入新手机号" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: '请输入验证码' },
              {
                validator: (_, v: string) =>
                  !v || isSmsCode(v) ? Promise.resolve() : Promise.reject(new Error(ACCOUNT_TEXTS.codeFormat)),
              },
            ]}
          >
            <Input maxLength={SMS_CODE_LENGTH} placeholder="发送到新手机号的验证码" inputMode="numeric" />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} disabled={countdown.left > 0}>
            {countdown.left > 0 ? `${countdown.left} 秒后重发` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
    </FormDialog>
  );
}
