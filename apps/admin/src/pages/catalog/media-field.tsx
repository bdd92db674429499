import { useState } from 'react';
import { Button, Image, Progress, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { notifyError } from '../../lib/notify';
import { uploadPartMedia } from './catalog-api';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';
const VIDEO_ACCEPT = 'video/mp4,video/webm,video/quicktime';

/** Sends a file (reporting its progress, 0-100) and answers its address; by default the parts' media. */
export type MediaUpload = (file: File, onProgress: (percent: number) => void) => Promise<{ url: string }>;

/**
 * One upload button with its progress: the file goes to `upload` (by default /api/admin/parts/media,
 * checked by content on the server) and its address is handed to `onUploaded`. One file at a time.
 */
export function MediaUploadButton({
  label,
  video = false,
  onUploaded,
  disabled,
  upload = uploadPartMedia,
}: {
  label: string;
  video?: boolean;
  onUploaded: (url: string) => void;
  disabled?: boolean;
  upload?: MediaUpload;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <Space direction="vertical" size={4}>
      <Upload
        accept={video ? VIDEO_ACCEPT : IMAGE_ACCEPT}
        showUploadList={false}
        disabled={disabled || percent !== null}
        customRequest={({ file }) => {
          setPercent(0);
          upload(file as File, setPercent)
            .then((answer) => onUploaded(answer.url))
            .catch(notifyError)
            .finally(() => setPercent(null));
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || percent !== null} loading={percent !== null}>
          {label}
        </Button>
      </Upload>
      {percent !== null ? (
        <Progress percent={percent} size="small" style={{ width: 160 }} aria-label="上传进度" />
      ) : null}
    </Space>
  );
}

/** A list of pictures (a form control: value and onChange): thumbnails in order, remove, upload more. */
export function PictureList({
  value = [],
  onChange,
  max = 20,
  disabled,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  max?: number;
  disabled?: boolean;
}) {
  return (
    <Space wrap align="start">
      {value.map((url, i) => (
        <Space key={`${url}-${i}`} direction="vertical" size={4} align="center">
          <Image src={url} width={96} height={60} style={{ objectFit: 'contain' }} alt={`图片 ${i + 1}`} />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={`删除图片 ${i + 1}`}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      {value.length < max ? (
        <MediaUploadButton label="上传图片" disabled={disabled} onUploaded={(url) => onChange?.([...value, url])} />
      ) : null}
    </Space>
  );
}

/** One uploaded file's address (a form control): the file's name part, and a button to upload another. */
export function MediaAddress({
  value,
  onChange,
  video = false,
  disabled,
  label,
  upload,
  preview = false,
}: {
  value?: string;
  onChange?: (value: string) => void;
  video?: boolean;
  disabled?: boolean;
  /** The button's text (by default 上传视频 / 上传图片 / 上传封面). */
  label?: string;
  upload?: MediaUpload;
  /** Show the picture itself rather than a link to it. */
  preview?: boolean;
}) {
  return (
    <Space align="start">
      {value && preview ? (
        <Image src={value} width={96} height={60} style={{ objectFit: 'contain' }} alt="图片" />
      ) : value ? (
        <a href={value} target="_blank" rel="noreferrer">
          {video ? '查看视频' : '查看图片'}
        </a>
      ) : (
        <span>未上传</span>
      )}
      <MediaUploadButton
        label={label ?? (video ? '上传视频' : preview ? '上传图片' : '上传封面')}
        video={video}
        disabled={disabled}
        upload={upload}
        onUploaded={(url) => onChange?.(url)}
      />
    </Space>
  );
}
