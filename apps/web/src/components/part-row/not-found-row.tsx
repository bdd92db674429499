import styles from './part-row.module.css';

/** The red row of a searched number that matched nothing (spec.md section 2, 'Part row'). */
export function NotFoundRow({ number, columns = 8 }: { number: string; columns?: number }) {
  return (
    <tr className={styles.notFound} data-testid="not-found-row">
      <td colSpan={columns}>
        <span className={styles.notFoundText}>未找到商品</span>
        <span className={styles.notFoundNumber}>{number}</span>
      </td>
    </tr>
  );
}
