import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Progress, Upload } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { SPREADSHEET_IMPORT_FAILED_TEXT, SPREADSHEET_IMPORT_OK_TEXT } from '@shop/core/api/bulk-search';
import { MULTI_NUMBER_MAX } from '@shop/core/multi-number';
import { checkSpreadsheetFile, importSpreadsheet, templateUrl } from './import-api';
import styles from './multi-number-box.module.css';

/**
 * The import dialog (spec.md sections 2 and 4 'Import'): 'import instructions', a template
 * download link, a click-or-drag upload of one .xls / .xlsx up to 10M with progress; then
 * 'import successful' (the returned text is kept) or 'import failed' with a retry link.
 * Confirm is enabled only after success and hands the text to the box.
 */
type ImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'success'; name: string; text: string; msg: string }
  | { kind: 'failed'; name: string; msg: string; file: File | null };

export interface ImportDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: (text: string) => void;
}

export function ImportDialog({ open, onCancel, onConfirm }: ImportDialogProps) {
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      setState({ kind: 'idle' });
    }
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    const problem = checkSpreadsheetFile(file);
    if (problem) {
      setState({ kind: 'failed', name: file.name, msg: problem, file: null });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', name: file.name, percent: 0 });
    try {
      const { text, msg } = await importSpreadsheet(
        file,
        (percent) => setState((s) => (s.kind === 'uploading' ? { ...s, percent } : s)),
        controller.signal,
      );
      if (!controller.signal.aborted) setState({ kind: 'success', name: file.name, text, msg });
    } catch (err) {
      if (controller.signal.aborted) return;
      const msg = err instanceof Error && err.message ? err.message : SPREADSHEET_IMPORT_FAILED_TEXT;
      setState({ kind: 'failed', name: file.name, msg, file });
    }
  };

  const retry = () => {
    if (state.kind === 'failed' && state.file) void start(state.file);
    else setState({ kind: 'idle' });
  };

  return (
    <Modal
      open={open}
      title="导入说明"
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => state.kind === 'success' && onConfirm(state.text)}
      okButtonProps={{ disabled: state.kind !== 'success' }}
      destroyOnHidden
      width={560}
    >
      <ol className={styles.instructions}>
        <li>
          请下载模板，在第一列填写配件编号（OE 号、原厂号或本品牌编码），第二列填写数量（可不填，默认 1）。
          <a href={templateUrl()} download className={styles.template}>
            <DownloadOutlined /> 下载导入模板
          </a>
        </li>
        <li>支持 .xls、.xlsx 格式，文件不超过 10M；请勿合并单元格或设置密码。</li>
        <li>导入后编号会填入多号搜索框，每次最多查询 {MULTI_NUMBER_MAX} 个编号。</li>
      </ol>
      <Upload.Dragger
        accept=".xls,.xlsx"
        multiple={false}
        showUploadList={false}
        disabled={state.kind === 'uploading'}
        beforeUpload={(file) => {
          void start(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="import-upload"
      >
        <p className={styles.dragIcon}>
          <InboxOutlined />
        </p>
        <p>点击或拖拽表格文件到此处上传</p>
        <p className={styles.dragHint}>.xls / .xlsx，最大 10M</p>
      </Upload.Dragger>
      <div className={styles.importState} aria-live="polite">
        {state.kind === 'uploading' && (
          <>
            <div className={styles.fileName}>{state.name}</div>
            <Progress percent={state.percent} size="small" status="active" />
          </>
        )}
        {state.kind === 'success' && (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            title={SPREADSHEET_IMPORT_OK_TEXT}
            description={`${state.name}：${state.msg || SPREADSHEET_IMPORT_OK_TEXT}`}
          />
        )}
        {state.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            icon={<CloseCircleFilled />}
            title={SPREADSHEET_IMPORT_FAILED_TEXT}
            description={state.msg}
            action={
              <Button type="link" size="small" onClick={retry}>
                重试
              </Button>
            }
          />
        )}
      </div>
    </Modal>
  );
}
