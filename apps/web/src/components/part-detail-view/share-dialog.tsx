import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Spin } from 'antd';
import { notify } from '../../lib/notify';

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

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('复制成功');
    } catch {
      notify.error('复制失败，请尝试升级到最新版浏览器');
    }
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
