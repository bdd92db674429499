import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import type { DealerAccount, DealerAccountWithPassword } from '@shop/core/api/dealers';
import { PHONE_PATTERN } from '@shop/core/api/user';
import { FormDialog } from '../../components/form-dialog';
import { PhoneItem } from '../../components/phone-item';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useCreateAccount, useResetPassword } from './dealers-api';
import { ChoiceItem } from '../../components/choice-item';

/** The password field of a form: empty means the server generates one and shows it once. */
function PasswordItem({ label }: { label: string }) {
  return (
    <Form.Item
      name="password"
      label={label}
      extra="留空则由系统生成，只显示一次"
      rules={[{ min: 8, max: 64, message: '密码为 8 到 64 位' }]}
    >
      <Input.Password maxLength={64} autoComplete="new-password" />
    </Form.Item>
  );
}

/** The generated password, shown once: the staff member passes it on to the dealer. */
function GeneratedPassword({ result, onClose }: { result: DealerAccountWithPassword; onClose: () => void }) {
  return (
    <Modal
      title="密码已生成"
      open
      onOk={onClose}
      onCancel={onClose}
      okText="我已记下"
      cancelButtonProps={{ hidden: true }}
    >
      <p>账号 {result.account.username} 的密码：</p>
      <Typography.Paragraph copyable code style={{ fontSize: 18 }}>
        {result.generated_password}
      </Typography.Paragraph>
      <Alert type="warning" showIcon message="关闭后将无法再次查看，请立即转交给客户。" />
    </Modal>
  );
}

interface AccountForm {
  username: string;
  phone: string;
  password?: string;
  kind: 'main' | 'sub';
  is_purchase: boolean;
}

/** Adds a main or sub-account to a company (the dealer's own rules on the server). */
export function AccountDialog({
  companyId,
  hasMain,
  onClose,
}: {
  companyId: number;
  hasMain: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AccountForm>();
  const create = useCreateAccount(companyId);
  const [generated, setGenerated] = useState<DealerAccountWithPassword | null>(null);
  const { run: submit, busy } = useSingleFlight(async () => {
    const v = await form.validateFields();
    const made = await create.mutateAsync({
      username: v.username.trim(),
      phone: v.phone.trim(),
      password: v.password ?? '',
      is_main: v.kind === 'main' ? 1 : 0,
      is_purchase: v.is_purchase ? 1 : 0,
    });
    if (made.generated_password) setGenerated(made);
    else onClose();
  });
  if (generated) return <GeneratedPassword result={generated} onClose={onClose} />;
  return (
    <FormDialog title="添加账号" okText="添加" busy={busy} onSubmit={submit} onClose={onClose}>
      <Form<AccountForm>
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={{ kind: hasMain ? 'sub' : 'main', is_purchase: false }}
      >
        <ChoiceItem
          name="kind"
          label="账号类型"
          choices={{ main: '主账号', sub: '子账号' }}
          disabled={hasMain ? ['main'] : []}
        />
        <Form.Item
          name="username"
          label="账号名"
          rules={[
            { required: true, whitespace: true, message: '请输入账号名' },
            { min: 2, max: 32, message: '账号名为 2 到 32 个字符' },
            {
              pattern: /^(?!\d+$)[\p{L}\p{N}_.-]+$/u,
              message: '账号名只能包含文字、字母、数字、下划线、点和横线，且不能是纯数字',
            },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <PhoneItem pattern={PHONE_PATTERN} message="请输入正确的手机号" />
        <PasswordItem label="初始密码" />
        <Form.Item name="is_purchase" valuePropName="checked">
          <Checkbox>采购权限</Checkbox>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** Sets a new password (typed, or generated and shown once); the account is logged out. */
export function PasswordDialog({ account, onClose }: { account: DealerAccount; onClose: () => void }) {
  const [form] = Form.useForm<{ password?: string }>();
  const reset = useResetPassword();
  const [generated, setGenerated] = useState<DealerAccountWithPassword | null>(null);
  const { run: submit, busy } = useSingleFlight(async () => {
    const v = await form.validateFields();
    const done = await reset.mutateAsync({ id: account.id, password: v.password ?? '' });
    if (done.generated_password) setGenerated(done);
    else onClose();
  });
  if (generated) return <GeneratedPassword result={generated} onClose={onClose} />;
  return (
    <FormDialog title={`重置密码：${account.username}`} okText="重置" busy={busy} onSubmit={submit} onClose={onClose}>
      <Alert type="info" showIcon message="重置后该账号会立即下线，需用新密码重新登录。" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" disabled={busy}>
        <PasswordItem label="新密码" />
      </Form>
    </FormDialog>
  );
}
