import { useLocation, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { PartDetailView } from '../../components/part-detail-view/part-detail-view';
import { tabFromHash } from '../../components/part-detail-view/detail-tabs';

/** /parts/details?id=...: the part detail page; a hash (#video, #questions, #advantage) opens that tab. */
export default function PartDetailPage() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const raw = params.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;

  return (
    <div className="shop-container" style={{ padding: '12px 0 32px' }}>
      <Breadcrumb
        items={[{ label: '首页', to: '/home' }, { label: '配件', to: '/parts/list' }, { label: '配件详情' }]}
      />
      <PartDetailView productId={id} requestedTab={tabFromHash(hash)} />
    </div>
  );
}
