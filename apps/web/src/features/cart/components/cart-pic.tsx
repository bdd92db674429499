import { PartPic } from '../../../components/part-pic/part-pic';
import styles from '../cart-page.module.css';

/** A cart line's picture in the cart's frame size. */
export function CartPic({ pic, name }: { pic: string; name: string }) {
  return <PartPic className={styles.pic} pic={pic} name={name} />;
}
