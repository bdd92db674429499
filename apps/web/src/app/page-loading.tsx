import styles from './app-root.module.css';

/** Shown while the first screen's code and data load (plain CSS: no antd Spin in the entry chunk). */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status" aria-label="加载中">
      <span className={styles.spinner} />
    </div>
  );
}
