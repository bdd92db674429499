import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminVoucher, VoucherInput } from '@shop/core/api/coupons';
import { VOUCHER_KINDS, VOUCHER_SCOPES, type VoucherKind, type VoucherScope } from '@shop/core/coupons';
import { TextItem } from '../../components/form-items';
import { dayRangeFields, dayRangeOf, type DayRange } from '../../components/filter-bar';
import { FormDialog, useDialogForm } from '../../components/form-dialog';
import { couponQueries, useSaveVoucher } from './coupons-api';
import { CategoryField, DaysItem, PartListField } from './pickers';
import { ChoiceItem } from '../../components/choice-item';

interface VoucherForm {
  name: string;
  value: string;
  threshold: string;
  days: DayRange;
  scope: VoucherScope;
  product_ids: number[];
  category_ids: number[];
  kind: VoucherKind;
  activity_id: number | null;
  per_company_uses: number | null;
  total_uses: number | null;
}

function formOf(v: AdminVoucher | null): VoucherForm {
  return {
    name: v?.name ?? '',
    value: v?.value ?? '',
    threshold: v?.threshold ?? '0',
    days: v ? dayRangeOf(v.valid_from, v.valid_to) : null,
    scope: v?.scope ?? 'all',
    product_ids: v?.product_ids ?? [],
    category_ids: v?.category_ids ?? [],
    kind: v?.kind ?? 'issued',
    activity_id: v?.activity_id ?? null,
    per_company_uses: v?.per_company_uses ?? 1,
    total_uses: v?.total_uses ?? null,
  };
}

/** What the form sends; the server checks the amounts, days and scope and answers in Chinese. */
function inputOf(f: VoucherForm): VoucherInput {
  const { start_date = '', end_date = '' } = dayRangeFields(f.days);
  return {
    name: f.name.trim(),
    value: String(f.value ?? '').trim(),
    threshold: String(f.threshold ?? '').trim() || '0',
    valid_from: start_date,
    valid_to: end_date,
    scope: f.scope,
    product_ids: f.scope === 'parts' ? f.product_ids : [],
    category_ids: f.scope === 'categories' ? f.category_ids : [],
    kind: f.kind,
    per_company_uses: f.per_company_uses ?? 0,
    total_uses: f.total_uses ?? null,
    activity_id: f.kind === 'campaign' ? (f.activity_id ?? null) : null,
  };
}

/** Creates a voucher or edits one (its total never below what is handed out: the server says so). */
export function VoucherDialog({ voucher, onClose }: { voucher: AdminVoucher | null; onClose: () => void }) {
  const save = useSaveVoucher();
  const activities = useQuery(couponQueries.activities());
  const dialog = useDialogForm<VoucherForm>(onClose, async (values) => {
    await save.mutateAsync({ id: voucher?.voucher_id ?? null, body: inputOf(values) });
  });
  const scope = Form.useWatch('scope', dialog.form) ?? voucher?.scope ?? 'all';
  const kind = Form.useWatch('kind', dialog.form) ?? voucher?.kind ?? 'issued';
  return (
    <FormDialog
      {...dialog}
      title={voucher ? `编辑优惠券：${voucher.name}` : '新建优惠券'}
      initialValues={formOf(voucher)}
      formLabel="优惠券"
    >
      <TextItem name="name" label="名称" max={60} required="请填写名称" placeholder="如 春季满减券" />
      <Form.Item label="面额与门槛" required style={{ marginBottom: 0 }}>
        <Form.Item name="value" style={{ display: 'inline-block', width: 'calc(50% - 8px)' }}>
          <Input prefix="减" suffix="元" aria-label="面额" inputMode="decimal" maxLength={12} />
        </Form.Item>
        <Form.Item name="threshold" style={{ display: 'inline-block', width: 'calc(50% - 8px)', marginLeft: 16 }}>
          <Input prefix="满" suffix="元" aria-label="使用门槛" inputMode="decimal" maxLength={12} />
        </Form.Item>
      </Form.Item>
      <DaysItem label="有效期" message="请选择有效期" />
      <ChoiceItem name="scope" label="适用范围" choices={VOUCHER_SCOPES} />
      {scope === 'parts' ? (
        <Form.Item name="product_ids" label="适用商品">
          <PartListField disabled={dialog.busy} />
        </Form.Item>
      ) : null}
      {scope === 'categories' ? (
        <Form.Item name="category_ids" label="适用分类">
          <CategoryField disabled={dialog.busy} />
        </Form.Item>
      ) : null}
      <ChoiceItem name="kind" label="发放方式" choices={VOUCHER_KINDS} />
      {kind === 'campaign' ? (
        <Form.Item name="activity_id" label="所属活动（经销商在活动专区领取）">
          <Select
            allowClear
            aria-label="所属活动"
            placeholder="选择活动"
            loading={activities.isPending}
            options={(activities.data ?? []).map((a) => ({ value: a.activity_id, label: a.name }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="可用次数" required style={{ marginBottom: 0 }}>
        <Form.Item name="per_company_uses" style={{ display: 'inline-block', width: 'calc(50% - 8px)' }}>
          <InputNumber addonBefore="每家" aria-label="每家可用次数" precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="total_uses" style={{ display: 'inline-block', width: 'calc(50% - 8px)', marginLeft: 16 }}>
          <InputNumber
            addonBefore="总数"
            aria-label="总数"
            placeholder="不限"
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form.Item>
      {voucher ? (
        <Typography.Text type="secondary">
          已发放 {voucher.granted_uses} 次，已使用 {voucher.used_count} 次；总数不能少于已发放。
        </Typography.Text>
      ) : null}
    </FormDialog>
  );
}
