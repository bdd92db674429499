import { useRef, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadProgress } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';

export interface DownloadButtonProps {
  /** Fetches and saves the file, reporting bytes as they arrive (e.g. `downloadExport(..., { onProgress })`). */
  download: (onProgress: DownloadProgress) => Promise<void>;
  children: ReactNode;
  disabled?: boolean;
}

/** '1.2 MB', '350 KB', '800 B'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The progress text: percent when the size is known, else the bytes received so far. */
export function progressText(received: number, total: number | undefined): string {
  if (total) return `正在下载 ${Math.min(100, Math.floor((received / total) * 100))}%`;
  return received > 0 ? `正在下载 ${formatBytes(received)}` : '正在准备文件…';
}

/**
 * A button that downloads a file (an export) and shows its progress on itself: percent when
 * the server sent the size, else the bytes received. A second click while it runs does nothing;
 * a failure is shown once (notifyError: e.g. '没有可导出的数据') and gives the button back for another try.
 */
export function DownloadButton({ download, children, disabled }: DownloadButtonProps) {
  const [progress, setProgress] = useState<string | null>(null);
  const running = useRef(false);
  const start = async () => {
    if (running.current) return;
    running.current = true;
    setProgress(progressText(0, undefined));
    try {
      await download((received, total) => setProgress(progressText(received, total)));
    } catch (err) {
      // Not a query or mutation, so no cache shows it: say why once; the button is ready again.
      notifyError(err);
    } finally {
      running.current = false;
      setProgress(null);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={progress !== null}
      disabled={disabled}
      aria-busy={progress !== null}
      onClick={() => void start()}
    >
      {progress ?? children}
    </Button>
  );
}
