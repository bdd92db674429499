import { Form, Input } from 'antd';
import { FormDialog, useDialogForm } from '../../components/form-dialog/form-dialog';
import { PicturesField, usePictures } from '../../components/picture-picker/picture-picker';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEVELOPMENT_DESCRIPTION_MAX,
  DEVELOPMENT_PART_NAME_MAX,
  DEVELOPMENT_PICTURES_MAX,
  DEVELOPMENT_TEXT_MAX,
  DEVELOPMENT_TEXTS,
  developmentFieldProblem,
  developmentPictureProblem,
  type DevelopmentForm,
} from '@shop/core/development-rules';
import { addDevelopmentRequest, invalidateDevelopment } from '../../entities/development/development-queries';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';

type Values = Record<keyof DevelopmentForm, string | undefined>;

/** A form rule that answers the shared check's text for the field. */
const rule = (field: keyof DevelopmentForm) => ({
  validator: async (_: unknown, value: unknown) => {
    const problem = developmentFieldProblem(field, value);
    if (problem) throw new Error(problem);
  },
});

/**
 * 提交开发需求: part name (required), vehicle, OE number, expected quantity per month (a positive
 * whole number), a note and up to 5 pictures with upload progress. The lists reload after it.
 */
export function DevelopmentAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const pictures = usePictures({
    max: DEVELOPMENT_PICTURES_MAX,
    tooManyText: DEVELOPMENT_TEXTS.tooManyPictures,
    problem: developmentPictureProblem,
  });
  const submit = useMutation({
    mutationFn: (fields: Record<string, string>) =>
      addDevelopmentRequest({ fields, pictures: pictures.files }, pictures.onProgress),
    meta: { showError: false },
    onSuccess: (msg) => {
      notify.success(msg || DEVELOPMENT_TEXTS.submitted);
      void invalidateDevelopment(client);
      pictures.reset();
      onClose();
    },
    onError: (err) => {
      pictures.failed();
      if (err instanceof ApiError && err.kind === 'session') return;
      notify.error(err.message);
    },
  });
  const onFinish = (values: Values) =>
    submit.mutateAsync(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').trim()])));
  const dialog = useDialogForm<Values>(open, onClose, submit.isPending);
  return (
    <FormDialog {...dialog} title="提交开发需求" afterClose={pictures.reset} onFinish={onFinish} requiredMark>
      <Form.Item name="part_name" label="配件名称" required rules={[rule('part_name')]}>
        <Input maxLength={DEVELOPMENT_PART_NAME_MAX} placeholder="例如：后视镜总成" />
      </Form.Item>
      <Form.Item name="vehicle" label="适用车型" rules={[rule('vehicle')]}>
        <Input maxLength={DEVELOPMENT_TEXT_MAX} placeholder="品牌 车型 年款" />
      </Form.Item>
      <Form.Item name="oe_number" label="OE 号" rules={[rule('oe_number')]}>
        <Input maxLength={DEVELOPMENT_TEXT_MAX} />
      </Form.Item>
      <Form.Item name="monthly_quantity" label="预计月需求量" required rules={[rule('monthly_quantity')]}>
        <Input inputMode="numeric" placeholder="件/月" />
      </Form.Item>
      <Form.Item name="description" label="补充说明" rules={[rule('description')]}>
        <Input.TextArea rows={3} maxLength={DEVELOPMENT_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <PicturesField {...pictures.field} disabled={submit.isPending} />
    </FormDialog>
  );
}
