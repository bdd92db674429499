import { Form, Input, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import type { DealerCompany, DealerCompanyInput } from '@shop/core/api/dealers';
import { NoteItem, TextItem } from '../../components/form-items';
import { FormDialog } from '../../components/form-dialog';
import { useSingleFlight } from '../../lib/use-single-flight';
import { useCreateCompany, useUpdateCompany } from './dealers-api';

interface CompanyForm {
  name: string;
  contact_name?: string;
  contact_phone?: string;
  is_regional_warehouse: boolean;
  brand_groupings: string[];
  notes?: string;
}

function toInput(v: CompanyForm): DealerCompanyInput {
  return {
    name: v.name.trim(),
    contact_name: v.contact_name?.trim() ?? '',
    contact_phone: v.contact_phone?.trim() ?? '',
    is_regional_warehouse: v.is_regional_warehouse ? 1 : 0,
    brand_groupings: v.brand_groupings.map((b) => b.trim()).filter(Boolean),
    notes: v.notes?.trim() ?? '',
  };
}

/**
 * Adds a company, or edits one: the save carries the version the dialog was opened on, so a save
 * after someone else's is refused by the server (its message shown once, the dialog kept open).
 */
export function CompanyDialog({ company, onClose }: { company?: DealerCompany; onClose: () => void }) {
  const [form] = Form.useForm<CompanyForm>();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? 0);
  const { run: submit, busy } = useSingleFlight(async () => {
    const input = toInput(await form.validateFields());
    if (company) {
      await update.mutateAsync({ ...input, version: company.version });
      onClose();
    } else {
      const made = await create.mutateAsync(input);
      onClose();
      void navigate(`/dealers/${made.company.id}`);
    }
  });
  const initial: CompanyForm = {
    name: company?.name ?? '',
    contact_name: company?.contact_name ?? '',
    contact_phone: company?.contact_phone ?? '',
    is_regional_warehouse: company?.is_regional_warehouse === 1,
    brand_groupings: company?.brand_groupings ?? [],
    notes: company?.notes ?? '',
  };
  return (
    <FormDialog title={company ? '编辑公司' : '添加公司'} okText="保存" busy={busy} onSubmit={submit} onClose={onClose}>
      <Form<CompanyForm> form={form} layout="vertical" disabled={busy} initialValues={initial}>
        <TextItem name="name" label="公司名称" max={100} required="请输入公司名称" />
        <Form.Item name="contact_name" label="联系人">
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="contact_phone"
          label="联系电话"
          rules={[{ pattern: /^[0-9+\-() ]*$/, message: '联系电话只能包含数字、空格和 + - ( )' }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="is_regional_warehouse" label="区域客户（可用北京仓）" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
        <Form.Item name="brand_groupings" label="品牌分组" extra="输入品牌后按回车添加">
          <Select mode="tags" placeholder="如 奔驰、宝马" tokenSeparators={[',', '，', '、']} open={false} />
        </Form.Item>
        <NoteItem name="notes" label="备注（仅后台可见）" max={500} rows={3} />
      </Form>
    </FormDialog>
  );
}
