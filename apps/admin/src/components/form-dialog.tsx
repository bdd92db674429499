import type { ReactNode } from 'react';
import { Modal } from 'antd';

/**
 * A dialog around a form: its action button sends (through the caller's useSingleFlight, so a
 * double click sends once), and both buttons wait while `busy`.
 */
export function FormDialog({
  title,
  okText,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  okText: string;
  busy: boolean;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
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
      {children}
    </Modal>
  );
}
