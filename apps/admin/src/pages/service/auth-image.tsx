import { useEffect, useState } from 'react';
import { Image, Typography } from 'antd';
import { apiDownload } from '../../lib/api';

/**
 * A picture behind the admin API (/api/admin/...: it needs the staff token, which an <img> does
 * not send): fetched with the token and shown from a blob address. Public addresses (/media/...)
 * are shown directly.
 */
export function AuthImage({ src, alt, size = 96 }: { src: string; alt: string; size?: number }) {
  const needsToken = src.startsWith('/api/admin/');
  const [url, setUrl] = useState<string | null>(needsToken ? null : src);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!needsToken) return;
    let address: string | null = null;
    let live = true;
    apiDownload(src, undefined, 'image').then(
      (file) => {
        address = URL.createObjectURL(file.blob);
        if (live) setUrl(address);
        else URL.revokeObjectURL(address);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (address) URL.revokeObjectURL(address);
    };
  }, [src, needsToken]);
  if (failed) return <Typography.Text type="secondary">图片加载失败</Typography.Text>;
  if (!url) return <div style={{ width: size, height: size, background: '#f5f5f5' }} aria-label={`${alt}（加载中）`} />;
  return <Image src={url} alt={alt} width={size} height={size} style={{ objectFit: 'cover' }} />;
}
