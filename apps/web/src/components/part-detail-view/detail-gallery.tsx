import { useState, type MouseEvent } from 'react';
import { Modal } from 'antd';
import { LeftOutlined, PictureOutlined, RightOutlined, ZoomInOutlined } from '@ant-design/icons';
import { mediaUrl } from '../product-card/media-url';
import styles from './detail-gallery.module.css';

/** The magnifier source is a 400x244 picture scaled to 800 (spec.md section 9). */
export const MAGNIFIER = { width: 400, height: 244, zoomWidth: 800 } as const;
const SCALE = MAGNIFIER.zoomWidth / MAGNIFIER.width;
/** The lens covers what the zoom pane shows: the pane's size divided by the scale. */
const LENS = { width: MAGNIFIER.width / SCALE, height: MAGNIFIER.height / SCALE } as const;

export interface DetailGalleryProps {
  /** Pictures in order; the caller has already capped them at the variant's galleryMaxPictures. */
  pictures: string[];
  name: string;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The detail gallery (spec.md section 2): a 400x244 picture with a magnifier (the lens area
 * shown at 800 wide in a pane beside it), thumbnails, and a preview dialog on click.
 */
export function DetailGallery({ pictures, name }: DetailGalleryProps) {
  const [active, setActive] = useState(0);
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [broken, setBroken] = useState<ReadonlySet<number>>(new Set());
  const count = pictures.length;
  const current = count > 0 ? Math.min(active, count - 1) : 0;
  const src = count > 0 && !broken.has(current) ? mediaUrl(pictures[current]!) : '';

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = clamp(event.clientX - box.left - LENS.width / 2, 0, MAGNIFIER.width - LENS.width);
    const y = clamp(event.clientY - box.top - LENS.height / 2, 0, MAGNIFIER.height - LENS.height);
    setLens({ x, y });
  };

  const markBroken = (index: number) => setBroken((set) => new Set(set).add(index));
  const previewIndex = preview === null ? 0 : preview;
  const step = (delta: number) => setPreview((p) => (p === null ? p : (p + delta + count) % count));

  return (
    <div className={styles.gallery} data-testid="detail-gallery">
      <div
        className={styles.stage}
        style={{ width: MAGNIFIER.width, height: MAGNIFIER.height }}
        onMouseMove={src ? onMove : undefined}
        onMouseLeave={() => setLens(null)}
        onClick={() => src && setPreview(current)}
        role={src ? 'button' : undefined}
        aria-label={src ? '查看大图' : undefined}
      >
        {src ? (
          <img className={styles.image} src={src} alt={name} onError={() => markBroken(current)} />
        ) : (
          <PictureOutlined className={styles.placeholder} aria-label="暂无图片" />
        )}
        {src && lens && (
          <span
            className={styles.lens}
            style={{ left: lens.x, top: lens.y, width: LENS.width, height: LENS.height }}
            aria-hidden
          />
        )}
        {src && !lens && <ZoomInOutlined className={styles.zoomHint} aria-hidden />}
      </div>
      {src && lens && (
        <div
          className={styles.zoomPane}
          data-testid="magnifier-pane"
          style={{
            left: MAGNIFIER.width + 12,
            width: MAGNIFIER.width,
            height: MAGNIFIER.height,
            backgroundImage: `url("${src}")`,
            backgroundSize: `${MAGNIFIER.zoomWidth}px ${MAGNIFIER.height * SCALE}px`,
            backgroundPosition: `${-lens.x * SCALE}px ${-lens.y * SCALE}px`,
          }}
          aria-hidden
        />
      )}
      {count > 1 && (
        <ul className={styles.thumbs} aria-label="商品图片">
          {pictures.map((pic, index) => (
            <li key={`${pic}-${index}`}>
              <button
                type="button"
                className={index === current ? `${styles.thumb} ${styles.thumbActive}` : styles.thumb}
                onMouseEnter={() => setActive(index)}
                onClick={() => setActive(index)}
                aria-label={`第${index + 1}张图片`}
                aria-pressed={index === current}
              >
                {broken.has(index) ? (
                  <PictureOutlined />
                ) : (
                  <img src={mediaUrl(pic)} alt="" loading="lazy" onError={() => markBroken(index)} />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width={880}
        title={count > 1 ? `${name}（${previewIndex + 1}/${count}）` : name}
        destroyOnHidden
      >
        <div className={styles.preview}>
          {count > 1 && (
            <button type="button" className={styles.previewArrow} onClick={() => step(-1)} aria-label="上一张">
              <LeftOutlined />
            </button>
          )}
          {preview !== null && pictures[previewIndex] && (
            <img className={styles.previewImage} src={mediaUrl(pictures[previewIndex])} alt={name} />
          )}
          {count > 1 && (
            <button type="button" className={styles.previewArrow} onClick={() => step(1)} aria-label="下一张">
              <RightOutlined />
            </button>
          )}
        </div>
      </Modal>
    </div>
  );
}
