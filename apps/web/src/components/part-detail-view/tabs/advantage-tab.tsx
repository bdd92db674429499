import { Carousel, Image } from 'antd';
import type { ProductDetail } from '@shop/core/api/parts';
import { mediaUrl } from '../../product-card/media-url';
import styles from '../part-detail-view.module.css';

function isVideo(path: string): boolean {
  return /\.(mp4|webm|ogg|mov)(\?|$)/i.test(path);
}

/** 产品优势: the product's carousel and its description. */
export function AdvantageTab({ carousel }: { carousel: NonNullable<ProductDetail['product_carousel']> }) {
  return (
    <div className={styles.advantage}>
      {carousel.description && <p className={styles.advantageText}>{carousel.description}</p>}
      {carousel.items.length > 0 && (
        <Carousel arrows dots autoplay={false} className={styles.advantageCarousel}>
          {carousel.items.map((item, index) => (
            <div key={`${item.file_path_text}-${index}`} className={styles.advantageSlide}>
              {isVideo(item.file_path_text) ? (
                <video src={mediaUrl(item.file_path_text)} controls className={styles.advantageMedia} />
              ) : (
                <Image
                  src={mediaUrl(item.file_path_text)}
                  alt={`产品优势 ${index + 1}`}
                  className={styles.advantageMedia}
                />
              )}
            </div>
          ))}
        </Carousel>
      )}
    </div>
  );
}
