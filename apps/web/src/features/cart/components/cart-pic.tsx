import { mediaUrl } from '../../../components/product-card/media-url';
import styles from '../cart-page.module.css';

/** A cart line's picture; an empty frame of the same size when it has none. */
export function CartPic({ pic, name }: { pic: string; name: string }) {
  return pic ? <img className={styles.pic} src={mediaUrl(pic)} alt={name} /> : <div className={styles.pic} />;
}
