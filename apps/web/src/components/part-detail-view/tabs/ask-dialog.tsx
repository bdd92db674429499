import { useRef, useState } from 'react';
import { Input, Modal, Radio } from 'antd';
import { notify, notifyError } from '../../../lib/notify';
import { QUESTION_TYPE, addQuestion } from '../api/part-detail-api';

export const EMPTY_QUESTION_TEXT = '请输入提交内容';
export const QUESTION_MAX_CHARS = 500;

export interface AskDialogProps {
  open: boolean;
  productId: number;
  onClose: () => void;
  /** After a successful submit (the list reloads). */
  onSubmitted: () => void;
}

/**
 * The ask-a-question dialog (spec.md section 5, 'Question text'): the text is trimmed and must
 * not be empty; a second submit is blocked while the first is sending; success shows the
 * server's message.
 */
export function AskDialog({ open, productId, onClose, onSubmitted }: AskDialogProps) {
  const [text, setText] = useState('');
  const [type, setType] = useState<number>(QUESTION_TYPE.consult);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const submit = async () => {
    if (sendingRef.current) return;
    const trimmed = text.trim();
    if (!trimmed) {
      notify.error(EMPTY_QUESTION_TEXT);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      const msg = await addQuestion(productId, trimmed, type);
      notify.success(msg);
      setText('');
      setType(QUESTION_TYPE.consult);
      onSubmitted();
      onClose();
    } catch (err) {
      // The text stays for another try.
      notifyError(err);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title="我要提问"
      okText="提交"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Radio.Group
        value={type}
        onChange={(e) => setType(e.target.value as number)}
        options={[
          { label: '咨询问题', value: QUESTION_TYPE.consult },
          { label: '产品反馈', value: QUESTION_TYPE.feedback },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        maxLength={QUESTION_MAX_CHARS}
        showCount
        placeholder="请描述您的问题"
        aria-label="提问内容"
      />
    </Modal>
  );
}
