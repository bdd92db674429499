import type { ReactNode } from 'react';
import { Button, Form, Modal, type FormInstance, type FormProps } from 'antd';
import { useSingleFlight } from '../../lib/use-single-flight';

export interface FormDialogProps<T> {
  title: string;
  open: boolean;
  /** The form is being sent: the dialog stays open and its buttons wait. */
  pending: boolean;
  onClose: () => void;
  /**
   * 提交 (default: the dialog's `form` is submitted). Its promise (a mutateAsync) holds back
   * another 提交 until it settles.
   */
  onSubmit?: () => unknown;
  /** The submit button's text. */
  okText?: string;
  width?: number;
  /** After the closing animation (reset what the form chose). */
  afterClose?: () => void;
  /**
   * Given, the dialog holds this form (vertical): 提交 checks it and hands its values to
   * `onFinish`, not while the form is being sent (its promise, a mutateAsync, not settled: a
   * double click sends once).
   */
  form?: FormInstance<T>;
  onFinish?: (values: T) => unknown;
  requiredMark?: FormProps<T>['requiredMark'];
  initialValues?: FormProps<T>['initialValues'];
  preserve?: boolean;
  children: ReactNode;
}

/**
 * A dialog around a form that is sent once (feedback, a development request): 取消 and 提交,
 * closed neither by the mask nor while the form is being sent; its content goes when hidden.
 */
export function FormDialog<T>({
  title,
  open,
  pending,
  onClose,
  onSubmit = () => form?.submit(),
  okText = '提交',
  width,
  afterClose,
  form,
  onFinish,
  children,
  ...formProps
}: FormDialogProps<T>) {
  const once = useSingleFlight();
  return (
    <Modal
      title={title}
      open={open}
      width={width}
      onCancel={() => !pending && onClose()}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={afterClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={pending}>
          取消
        </Button>,
        <Button key="submit" type="primary" loading={pending} onClick={() => once(onSubmit)}>
          {okText}
        </Button>,
      ]}
    >
      {form ? (
        <Form<T>
          form={form}
          layout="vertical"
          onFinish={(values) => !pending && once(() => onFinish?.(values))}
          {...formProps}
        >
          {children}
        </Form>
      ) : (
        children
      )}
    </Modal>
  );
}

/**
 * The form of a FormDialog and the dialog's state (spread into it): shown while `open`, waiting
 * while `pending` (the form is being sent); once closed, the form is empty again.
 */
export function useDialogForm<T>(open: boolean, onClose: () => void, pending: boolean) {
  const [form] = Form.useForm<T>();
  return { form, open, onClose, pending, afterClose: () => form.resetFields() };
}
