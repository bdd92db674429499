import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';

export interface FormDialogProps {
  title: string;
  open: boolean;
  /** The form is being sent: the dialog stays open and its buttons wait. */
  pending: boolean;
  onClose: () => void;
  /** 提交: usually `form.submit()`. */
  onSubmit: () => void;
  /** After the closing animation (reset what the form chose). */
  afterClose?: () => void;
  children: ReactNode;
}

/**
 * A dialog around a form that is sent once (feedback, a development request): 取消 and 提交,
 * closed neither by the mask nor while the form is being sent; its content goes when hidden.
 */
export function FormDialog({ title, open, pending, onClose, onSubmit, afterClose, children }: FormDialogProps) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={() => !pending && onClose()}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={afterClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={pending}>
          取消
        </Button>,
        <Button key="submit" type="primary" loading={pending} onClick={onSubmit}>
          提交
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
