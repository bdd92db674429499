import { useMemo, useState, type ReactNode } from 'react';
import { Button, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ID_MAX } from '@shop/core/constants';
import type { ProductDetail } from '@shop/core/api/parts';
import type { UserProfile } from '@shop/core/api/user';
import { beijingEnabledFor, galleryPictures } from './detail-rules';
import { isRefusal } from '../../lib/api-client';
import { useVariant } from '../../lib/variant-context';
import { partQueries } from '../../entities/part/part-queries';
import { usePartActions } from '../../entities/part/use-part-actions';
import { userQueries } from '../../entities/user/user-queries';
import { DetailGallery } from './detail-gallery';
import { DetailSummary, type DetailPurchaseState } from './detail-summary';
import { availableTabs, type DetailTab } from './detail-tabs';
import { DetailTabsPanel } from './detail-tabs-panel';
import { ShareDialog } from './share-dialog';
import styles from './part-detail-view.module.css';
import { renderDetailAddToCart } from './detail-add-to-cart';

export const NOT_FOUND_TEXT = '商品不存在或已下架';

export interface PartDetailViewProps {
  productId: number;
  /** A tab asked for by the address hash (#video, #questions, #advantage ...). */
  requestedTab?: DetailTab;
  /** Name of the current route ('stock' changes the stock display rules). */
  routeName?: string;
  /** Called after the favourite was toggled (lists refetch). */
  onFavouriteChange?: (isSub: 0 | 1) => void;
  /** Extra controls beside the quantity; default: 'add to cart' (detail-add-to-cart.tsx). */
  renderPurchase?: (state: DetailPurchaseState) => ReactNode;
  /** Narrower layout for the drawer. */
  compact?: boolean;
}

/** The address of a part's detail page (shared and opened in a new window). */
export function detailUrl(productId: number): string {
  return `${window.location.origin}/parts/details?id=${productId}`;
}

/**
 * The part detail (spec.md section 2, 'Part detail'): gallery, summary and tabs. Used by the
 * /parts/details page and by the detail drawer of lists and the hot rank panel.
 */
export function PartDetailView(props: PartDetailViewProps) {
  const { productId } = props;
  // Beyond ID_MAX the server refuses the request itself (HTTP 400): the link is wrong, not the network.
  if (!Number.isSafeInteger(productId) || productId <= 0 || productId > ID_MAX) {
    return <NotFound reason="请检查商品链接是否正确" />;
  }
  return <LoadedDetail key={productId} {...props} />;
}

function NotFound({ reason }: { reason: string }) {
  return (
    <Result
      className={styles.state}
      status="404"
      title={NOT_FOUND_TEXT}
      subTitle={reason}
      extra={
        <Link to="/home">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}

function LoadedDetail({
  productId,
  requestedTab,
  routeName,
  onFavouriteChange,
  renderPurchase = renderDetailAddToCart,
  compact,
}: PartDetailViewProps) {
  const detail = useQuery(partQueries.detail(productId));
  const profile = useQuery(userQueries.info());
  const data = detail.data;

  if (detail.isPending || profile.isPending) {
    return (
      <div className={styles.loading} aria-busy="true">
        <Skeleton.Image active style={{ width: 400, height: 244 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (detail.isError) {
    // A refusal ('商品不存在') is final; a server fault or a lost answer can be retried.
    return isRefusal(detail.error) ? (
      <NotFound reason={detail.error.message} />
    ) : (
      <Result
        className={styles.state}
        status="warning"
        title="加载失败"
        subTitle={detail.error.message || '网络异常，请稍后重试'}
        extra={
          <Button type="primary" loading={detail.isFetching} onClick={() => void detail.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (!data) return null;

  return (
    <DetailBody
      source={data}
      profile={profile.data}
      requestedTab={requestedTab}
      routeName={routeName}
      onFavouriteChange={onFavouriteChange}
      renderPurchase={renderPurchase}
      compact={compact}
    />
  );
}

/** The loaded detail, with the part's actions (the same hook as its row's). */
function DetailBody({
  source,
  profile,
  requestedTab,
  routeName,
  onFavouriteChange,
  renderPurchase,
  compact,
}: Omit<PartDetailViewProps, 'productId'> & { source: ProductDetail; profile: UserProfile | undefined }) {
  const variant = useVariant();
  const actions = usePartActions(source, {
    onChanged: (_id, patch) => {
      if (patch.is_sub !== undefined) onFavouriteChange?.(patch.is_sub);
    },
  });
  const data = actions.part;
  const [sharing, setSharing] = useState(false);
  const tabs = useMemo(() => availableTabs(data, profile), [data, profile]);
  const name = data.product_name || data.l_name_zh;
  return (
    <article className={compact ? `${styles.view} ${styles.compact}` : styles.view} aria-label={name}>
      <div className={styles.top}>
        <DetailGallery pictures={galleryPictures(variant, data)} name={name} />
        <DetailSummary
          detail={data}
          actions={actions}
          beijingEnabled={beijingEnabledFor(variant, profile)}
          routeName={routeName}
          onShare={() => setSharing(true)}
          showNewWindow={!compact}
          renderPurchase={renderPurchase}
        />
      </div>
      <DetailTabsPanel detail={data} available={tabs} requestedTab={requestedTab} />
      <ShareDialog open={sharing} onClose={() => setSharing(false)} url={detailUrl(data.product_id)} name={name} />
    </article>
  );
}
