import { useState } from 'react';
import { App, Button, Form, Input, Progress, Upload } from 'antd';
import { FormDialog, useDialogForm } from '../../components/form-dialog/form-dialog';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { invalidateFeedback } from '../../entities/feedback/feedback-queries';
import { addFeedback } from './api/add-feedback';
import {
  FEEDBACK_MAX_CHARS,
  FEEDBACK_SUCCESS,
  FEEDBACK_TEXT_REQUIRED,
  FEEDBACK_UPLOAD_FAILED,
  fileProblem,
} from './feedback-rules';

interface Values {
  text: string;
}

/**
 * The feedback dialog (side bar 意见反馈): required text (trimmed), an optional image or video of at
 * most 100 MB, upload progress; '提交成功' on success, '资源上传失败' when the upload fails.
 */
export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();

  // The form itself is destroyed with the hidden dialog.
  const reset = () => {
    setFile(undefined);
    setProgress(undefined);
  };

  const submit = useMutation({
    mutationFn: (text: string) => addFeedback(text, file, file ? setProgress : undefined),
    // The dialog says an upload failure its own way.
    meta: { showError: false },
    onSuccess: () => {
      void message.success(FEEDBACK_SUCCESS);
      // The account centre's list shows the new feedback.
      void invalidateFeedback(client);
      reset();
      onClose();
    },
    onError: (err) => {
      setProgress(undefined);
      if (err instanceof ApiError && err.kind === 'business') void message.error(err.message);
      // An expired login was said by the api client.
      else if (err instanceof ApiError && err.kind === 'session') return;
      else void message.error(file ? FEEDBACK_UPLOAD_FAILED : err.message);
    },
  });

  const dialog = useDialogForm<Values>(open, onClose, submit.isPending);
  return (
    <FormDialog
      {...dialog}
      title="意见反馈"
      afterClose={reset}
      onFinish={({ text }: Values) => submit.mutateAsync(text.trim())}
      requiredMark={false}
    >
      <Form.Item
        name="text"
        label="反馈内容"
        rules={[{ required: true, whitespace: true, message: FEEDBACK_TEXT_REQUIRED }]}
      >
        <Input.TextArea
          rows={5}
          maxLength={FEEDBACK_MAX_CHARS}
          showCount
          placeholder="请描述您遇到的问题或建议，我们会尽快处理"
        />
      </Form.Item>
      <Form.Item label="图片或视频（选填，不超过 100MB）">
        <Upload
          accept="image/*,video/*"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            const problem = fileProblem(chosen);
            if (problem) void message.error(problem);
            else setFile(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={submit.isPending}>
            选择文件
          </Button>
        </Upload>
        {file && (
          <div style={{ marginTop: 8, display: 'flex', alignItems: 'center', gap: 8 }}>
            <PaperClipOutlined />
            <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {file.name}
            </span>
            <Button type="link" size="small" disabled={submit.isPending} onClick={() => setFile(undefined)}>
              移除
            </Button>
          </div>
        )}
        {progress !== undefined && <Progress percent={progress} size="small" status="active" />}
      </Form.Item>
    </FormDialog>
  );
}
