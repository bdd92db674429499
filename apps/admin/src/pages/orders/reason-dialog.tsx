import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useSingleFlight } from '../../lib/use-single-flight';

/**
 * A dialog that asks for a reason the customer will read (refusing a return, cancelling an
 * order): confirm stays off until something is written; the reason is sent trimmed, once however
 * often confirm is clicked. `submit` closes the dialog itself when it succeeds; a failure keeps it
 * open with the text (the failure is shown once by the mutation cache).
 */
export function ReasonDialog({
  title,
  label,
  okText,
  cancelText,
  hint,
  pending,
  submit,
  onClose,
}: {
  title: string;
  /** The field's name, as in '拒绝原因' (its placeholder says '请填写拒绝原因（客户可见）'). */
  label: string;
  okText: string;
  cancelText: string;
  hint?: string;
  pending: boolean;
  submit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const send = useSingleFlight(submit);
  const busy = send.busy || pending;
  return (
    <Modal
      title={title}
      open
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger: true, loading: busy, disabled: busy || !reason.trim() }}
      cancelButtonProps={{ disabled: busy }}
      onCancel={onClose}
      onOk={() => void send.run(reason.trim())}
      destroyOnHidden
    >
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      <Input.TextArea
        aria-label={label}
        placeholder={`请填写${label}（客户可见）`}
        maxLength={200}
        showCount
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
