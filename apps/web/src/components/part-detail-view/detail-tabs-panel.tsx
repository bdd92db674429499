import { useEffect, useState } from 'react';
import { Badge, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@shop/core/api/parts';
import { detailQueries } from './api/part-detail-api';
import { DETAIL_TAB_LABELS, defaultTab, type DetailTab } from './detail-tabs';
import { AdvantageTab } from './tabs/advantage-tab';
import { InfoTab } from './tabs/info-tab';
import { NumbersTab } from './tabs/numbers-tab';
import { PurchaseTab } from './tabs/purchase-tab';
import { QuestionsTab } from './tabs/questions-tab';
import { VehiclesTab } from './tabs/vehicles-tab';
import { VideosTab } from './tabs/videos-tab';
import styles from './part-detail-view.module.css';

export interface DetailTabsProps {
  detail: ProductDetail;
  available: DetailTab[];
  requestedTab?: DetailTab;
}

/** The detail's tabs; panes render when first opened (videos load only then). */
export function DetailTabsPanel({ detail, available, requestedTab }: DetailTabsProps) {
  const [active, setActive] = useState<DetailTab>(() => defaultTab(available, requestedTab));
  const questions = useQuery(detailQueries.questions(detail.product_id));
  const hasUnread = questions.data?.has_unread === 1;

  // A tab requested later (a hash link on the same page) opens it too.
  useEffect(() => {
    if (requestedTab && available.includes(requestedTab)) setActive(requestedTab);
  }, [requestedTab, available]);

  const content = (tab: DetailTab) => {
    switch (tab) {
      case 'advantage':
        return detail.product_carousel ? <AdvantageTab carousel={detail.product_carousel} /> : null;
      case 'info':
        return <InfoTab detail={detail} />;
      case 'vehicles':
        return <VehiclesTab carlist={detail.carlist} />;
      case 'numbers':
        return <NumbersTab oeList={detail.oe_list} />;
      case 'purchase':
        return <PurchaseTab orders={detail.order_list} />;
      case 'questions':
        return <QuestionsTab productId={detail.product_id} active={active === 'questions'} />;
      case 'video':
        return <VideosTab productName={detail.product_name || detail.l_name_zh} />;
    }
  };

  return (
    <Tabs
      className={styles.tabs}
      activeKey={active}
      onChange={(key) => setActive(key as DetailTab)}
      items={available.map((tab) => ({
        key: tab,
        label:
          tab === 'questions' && hasUnread ? (
            <Badge dot offset={[6, 0]} data-testid="questions-unread">
              {DETAIL_TAB_LABELS[tab]}
            </Badge>
          ) : (
            DETAIL_TAB_LABELS[tab]
          ),
        children: content(tab),
      }))}
    />
  );
}
