import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { saveDownloadedFile } from '@shop/ui/api';
import { apiDownload, type Query } from '../lib/api';
import { notify, notifyError } from '../lib/notify';
import { useSingleFlight } from '../lib/use-single-flight';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A download (an export): disabled while it runs, showing how far it is ('下载中 40%', or the
 * bytes when the size is unknown); a refusal ('没有可导出的订单') is said once.
 */
export function DownloadButton({
  label,
  path,
  query,
  fallbackName,
}: {
  label: string;
  path: string;
  query?: Query;
  fallbackName: string;
}) {
  const [progress, setProgress] = useState('');
  const { run, busy } = useSingleFlight(async () => {
    setProgress('下载中…');
    try {
      const file = await apiDownload(path, query, fallbackName, (received, total) =>
        setProgress(
          total ? `下载中 ${Math.min(100, Math.round((received / total) * 100))}%` : `下载中 ${kb(received)}`,
        ),
      );
      saveDownloadedFile(file);
      notify.success('导出成功');
    } catch (err) {
      notifyError(err);
    } finally {
      setProgress('');
    }
  });
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={busy} onClick={() => void run()}>
      {busy ? progress || '下载中…' : label}
    </Button>
  );
}
