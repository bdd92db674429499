import { Button, Empty, Spin } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { detailQueries } from '../api/part-detail-api';
import { mediaUrl } from '../../product-card/media-url';
import styles from '../part-detail-view.module.css';

export const NO_VIDEOS_TEXT = '未找到相关视频';

/** 相关视频: videos found by the product name (limit 20); each opens in a new tab. */
export function VideosTab({ productName }: { productName: string }) {
  const query = useQuery({ ...detailQueries.videos(productName), enabled: productName !== '' });
  if (productName === '') return <Empty description={NO_VIDEOS_TEXT} />;
  if (query.isPending) return <Spin className={styles.tabSpin} />;
  if (query.isError) {
    return (
      <Empty description="加载失败">
        <Button onClick={() => void query.refetch()}>重试</Button>
      </Empty>
    );
  }
  if (query.data.length === 0) return <Empty description={NO_VIDEOS_TEXT} />;
  return (
    <ul className={styles.videoGrid}>
      {query.data.map((video, index) => (
        <li key={`${video.video}-${index}`}>
          <a
            className={styles.videoCard}
            href={mediaUrl(video.video)}
            target="_blank"
            rel="noopener noreferrer"
            title={video.video_name}
          >
            <span className={styles.videoCover}>
              {video.pic ? <img src={mediaUrl(video.pic)} alt="" loading="lazy" /> : null}
              <PlayCircleOutlined className={styles.videoPlay} />
            </span>
            <span className={styles.videoName}>{video.video_name}</span>
            {video.print_car && <span className={styles.muted}>{video.print_car}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
