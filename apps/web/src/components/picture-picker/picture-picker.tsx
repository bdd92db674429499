import { useRef, useState } from 'react';
import { Button, Form, Progress, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { notify } from '../../lib/notify';

export interface PicturePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** At most this many; one more says `tooManyText`. */
  max: number;
  tooManyText: string;
  /** Why a chosen file cannot be attached (type, size), or undefined. */
  problem: (file: File) => string | undefined;
  disabled?: boolean;
  /** Upload progress 0–100 while the form is sent. */
  progress?: number;
  /** Says a refusal (default: the app's toast). */
  onRefuse?: (text: string) => void;
}

/**
 * Pictures chosen for a form (a return request, a development request): 选择图片, the chosen
 * names with 移除, the upload progress. A refused file is said and left out; the files are sent
 * with the form, not here.
 */
export function PicturePicker({
  files,
  onChange,
  max,
  tooManyText,
  problem,
  disabled,
  progress,
  onRefuse = notify.error,
}: PicturePickerProps) {
  // Several files chosen at once arrive one call each, before the list re-renders.
  const chosen = useRef(files);
  chosen.current = files;
  return (
    <>
      <Upload
        accept="image/*"
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          const refusal = problem(file);
          if (refusal) onRefuse(refusal);
          else if (chosen.current.length >= max) onRefuse(tooManyText);
          else {
            chosen.current = [...chosen.current, file];
            onChange(chosen.current);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || files.length >= max}>
          选择图片
        </Button>
      </Upload>
      {files.map((file, i) => (
        <div key={`${file.name}-${i}`} style={{ marginTop: 8, display: 'flex', alignItems: 'center', gap: 8 }}>
          <PaperClipOutlined />
          <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {file.name}
          </span>
          <Button
            type="link"
            size="small"
            disabled={disabled}
            onClick={() => onChange(files.filter((_, j) => j !== i))}
          >
            移除
          </Button>
        </div>
      ))}
      {progress !== undefined && <Progress percent={progress} size="small" status="active" />}
    </>
  );
}

/** A form's optional pictures: the picker under a label that says how many and how large. */
export function PicturesField(props: PicturePickerProps) {
  return (
    <Form.Item label={`图片（选填，最多 ${props.max} 张，每张不超过 10MB）`}>
      <PicturePicker {...props} />
    </Form.Item>
  );
}

/**
 * The pictures a form sends under its `rules` and their upload progress: `field` goes to the
 * PicturesField, `onProgress` to the upload (none without pictures).
 */
export function usePictures(rules: Pick<PicturePickerProps, 'max' | 'tooManyText' | 'problem'>) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number>();
  return {
    files,
    onProgress: files.length > 0 ? setProgress : undefined,
    /** The form was not sent: no progress shown. */
    failed: () => setProgress(undefined),
    reset: () => {
      setFiles([]);
      setProgress(undefined);
    },
    field: { ...rules, files, onChange: setFiles, progress },
  };
}
