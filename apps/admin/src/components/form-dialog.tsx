import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useSingleFlight } from '../lib/use-single-flight';

/**
 * A dialog around a form: its action button sends (through the caller's useSingleFlight, so a
 * double click sends once), and both buttons wait while `busy`. Given a `form` (useDialogForm),
 * it holds that form itself: vertical, disabled while busy, with `initialValues`.
 */
export function FormDialog<T = unknown>({
  title,
  okText = '保存',
  busy,
  onSubmit,
  onClose,
  form,
  initialValues,
  formLabel,
  children,
}: {
  title: ReactNode;
  okText?: string;
  busy: boolean;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  form?: FormInstance<T>;
  initialValues?: Partial<T>;
  /** The accessible name of the form. */
  formLabel?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open
      okText={okText}
      cancelText="取消"
      onOk={() => void onSubmit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: busy }}
      cancelButtonProps={{ disabled: busy }}
    >
      {form ? (
        <Form<T> form={form} layout="vertical" disabled={busy} initialValues={initialValues} aria-label={formLabel}>
          {children}
        </Form>
      ) : (
        children
      )}
    </Modal>
  );
}

/**
 * The form of a FormDialog (spread into it): once its values are valid they go to `save`, once at
 * a time (a double click sends once), and the dialog closes when that is done.
 */
export function useDialogForm<T>(onClose: () => void, save: (values: T) => Promise<unknown>) {
  const [form] = Form.useForm<T>();
  const { run, busy } = useSingleFlight(async () => {
    await save(await form.validateFields());
    onClose();
  });
  return { form, busy, onSubmit: run, onClose };
}
