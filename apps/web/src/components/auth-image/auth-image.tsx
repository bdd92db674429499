import { useEffect, useState } from 'react';
import { Image } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../lib/api-client';

/**
 * A picture the server gives only with the login header (a development request's, a
 * feedback's): fetched through the api client and shown from a blob URL, with a preview on click.
 * Cached per address for the session's queries; a failed load shows a grey placeholder.
 */
export function AuthImage({ path, alt, size = 64 }: { path: string; alt: string; size?: number }) {
  const blob = useQuery({
    queryKey: ['auth-image', path],
    queryFn: async () => {
      const [pathname, search = ''] = path.split('?');
      return (await apiDownload(pathname!, Object.fromEntries(new URLSearchParams(search)), alt)).blob;
    },
    staleTime: Infinity,
    meta: { showError: false },
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const next = URL.createObjectURL(blob.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  if (!url) {
    return (
      <span
        aria-label={blob.isError ? `${alt}（加载失败）` : alt}
        role="img"
        style={{
          display: 'inline-flex',
          width: size,
          height: size,
          alignItems: 'center',
          justifyContent: 'center',
          background: '#f5f5f5',
          color: '#bbb',
          borderRadius: 4,
        }}
      >
        <PictureOutlined />
      </span>
    );
  }
  return <Image src={url} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
