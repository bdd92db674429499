import { Skeleton } from 'antd';
import type { ProductCard as ProductCardData } from '@shop/core/api/home';
import { LazyEmpty } from '../../../components/lazy-empty/lazy-empty';
import { ProductCard } from '../../../components/product-card/product-card';
import styles from './home-section.module.css';

export interface ProductGridProps {
  products: ProductCardData[] | undefined;
  loading: boolean;
  /** Skeleton cards while loading. */
  skeletonCount?: number;
}

/** Product cards five to a row, with a loading skeleton and an empty state. */
export function ProductGrid({ products, loading, skeletonCount = 5 }: ProductGridProps) {
  if (loading) {
    return (
      <div className={styles.grid} aria-busy="true" data-testid="product-grid-loading">
        {Array.from({ length: skeletonCount }, (_, i) => (
          <div key={i} className={styles.skeletonCard}>
            <div className={styles.skeletonImage} />
            <div className={styles.skeletonText}>
              <Skeleton active title={{ width: '80%' }} paragraph={{ rows: 3, width: ['60%', '90%', '40%'] }} />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (!products || products.length === 0) {
    return (
      <div className={styles.state}>
        <LazyEmpty simple description="暂无数据" />
      </div>
    );
  }
  return (
    <div className={styles.grid}>
      {products.map((product) => (
        <ProductCard key={product.product_id} product={product} />
      ))}
    </div>
  );
}
