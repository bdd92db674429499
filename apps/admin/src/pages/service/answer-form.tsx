import { useState } from 'react';
import { Button, Form, Input, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ANSWER_PICTURES_MAX } from '@shop/core/api/admin';
import type { AnswerPictureUpload, ServiceKind } from '@shop/core/api/service';
import { notifyError } from '../../lib/notify';
import { useSingleFlight } from '../../lib/use-single-flight';
import { uploadAnswerPicture, useAnswer } from './service-api';

interface Values {
  content: string;
}

/**
 * The answer to a dealer: a text, and for a question up to ANSWER_PICTURES_MAX pictures uploaded
 * as they are chosen. Sent once however often 回复 is clicked; the form empties after it went.
 */
export function AnswerForm({
  kind,
  id,
  withPictures,
  maxLength,
}: {
  kind: ServiceKind;
  id: number;
  withPictures: boolean;
  maxLength: number;
}) {
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile<AnswerPictureUpload>[]>([]);
  const answer = useAnswer(kind, id);
  const uploading = files.some((f) => f.status === 'uploading');
  const send = useSingleFlight(async () => {
    const { content } = await form.validateFields();
    const pictures = files.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.id);
    await answer.mutateAsync({ reply_content: content.trim(), reply_pics: pictures });
    form.resetFields();
    setFiles([]);
  });
  const busy = send.busy || answer.isPending;

  return (
    <Form<Values> form={form} layout="vertical" disabled={busy} aria-label="回复">
      <Form.Item
        name="content"
        label="回复内容"
        rules={[
          { required: true, whitespace: true, message: '请输入回复内容' },
          { max: maxLength, message: `回复内容不能超过 ${maxLength} 字` },
        ]}
      >
        <Input.TextArea
          rows={4}
          maxLength={maxLength}
          showCount
          placeholder="回复会发送到客户的消息中心"
          aria-label="回复内容"
        />
      </Form.Item>
      {withPictures ? (
        <Form.Item label={`图片（最多 ${ANSWER_PICTURES_MAX} 张）`}>
          <Upload<AnswerPictureUpload>
            listType="picture-card"
            accept="image/*"
            multiple
            maxCount={ANSWER_PICTURES_MAX}
            fileList={files}
            onChange={({ fileList }) => setFiles(fileList)}
            customRequest={({ file, onSuccess, onError }) => {
              uploadAnswerPicture(id, file as File).then(
                (uploaded) => onSuccess?.(uploaded),
                (err: unknown) => {
                  notifyError(err);
                  onError?.(err instanceof Error ? err : new Error('上传失败'));
                },
              );
            }}
          >
            {files.length < ANSWER_PICTURES_MAX ? (
              <button type="button" style={{ border: 0, background: 'none' }} aria-label="上传图片">
                <PlusOutlined />
                <div style={{ marginTop: 8 }}>上传图片</div>
              </button>
            ) : null}
          </Upload>
        </Form.Item>
      ) : null}
      <Button type="primary" loading={busy} disabled={busy || uploading} onClick={() => void send.run()}>
        {uploading ? '图片上传中…' : '回复'}
      </Button>
    </Form>
  );
}
