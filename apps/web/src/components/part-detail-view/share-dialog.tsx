import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Spin } from 'antd';
import { notify } from '../../lib/notify';
import { COPY_FAILED_TEXT, COPY_OK_TEXT, copyText } from '../part-row/copy-text';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The address the QR code opens. */
  url: string;
  name: string;
}

/** The QR code of `text` as an SVG data URL (no canvas needed). */
export async function qrDataUrl(text: string): Promise<string> {
  // Loaded when a dialog opens, so the detail page does not carry it.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The share dialog of the part detail: a QR code of the detail address ('手机扫码查看商品'). */
export function ShareDialog({ open, onClose, url, name }: ShareDialogProps) {
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    qrDataUrl(url).then(
      (image) => !cancelled && setQr({ url, image }),
      () => !cancelled && notify.error('二维码生成失败'),
    );
    return () => {
      cancelled = true;
    };
  }, [open, url]);

  // The row's copy: the Clipboard API, else the old way (a page served over plain http has no
  // navigator.clipboard), with the same texts.
  const copy = async () => {
    if (await copyText(url)) notify.success(COPY_OK_TEXT);
    else notify.error(COPY_FAILED_TEXT);
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title="分享商品" width={360} centered>
      <div style={{ textAlign: 'center' }}>
        {qr && qr.url === url ? (
          <img src={qr.image} alt={`${name}的二维码`} width={200} height={200} data-testid="share-qr" />
        ) : (
          <div style={{ height: 200, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin />
          </div>
        )}
        <div style={{ margin: '8px 0 16px', color: '#5c6370' }}>手机扫码查看商品</div>
        <Space.Compact style={{ width: '100%' }}>
          <Input value={url} readOnly aria-label="商品链接" />
          <Button type="primary" onClick={() => void copy()}>
            复制链接
          </Button>
        </Space.Compact>
      </div>
    </Modal>
  );
}
