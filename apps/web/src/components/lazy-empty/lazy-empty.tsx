import { lazy, Suspense } from 'react';
import type { EmptyStateProps } from './empty-state';

const EmptyState = lazy(() => import('./empty-state'));

/**
 * antd's Empty, loaded when a list turns out empty: the home page's floors show it only then, and
 * their first view does not load it.
 */
export function LazyEmpty(props: EmptyStateProps) {
  return (
    <Suspense fallback={null}>
      <EmptyState {...props} />
    </Suspense>
  );
}
