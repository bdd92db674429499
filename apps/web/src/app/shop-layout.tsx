import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ShopFooter } from '../features/layout/components/shop-footer';
import { ShopHeader } from '../features/layout/components/shop-header';
import { NotificationBadge } from '../features/messages/components/notification-badge';
import { SideBar } from '../features/layout/components/side-bar';
import { variant } from '../lib/brand';
import { userQueries } from '../entities/user/user-queries';
import { ShopAntProviders } from './providers';
import { useRouteMeta } from './route-meta';
import styles from './shop-layout.module.css';

/** Loaded the first time the dialog opens, so pages do not carry the upload code. */
const FeedbackDialog = lazy(() => import('../features/feedback/feedback-dialog'));

/** The logged-in frame inside antd's providers (the first logged-in route loads antd). */
export function ShopLayout() {
  return (
    <ShopAntProviders>
      <ShopFrame />
    </ShopAntProviders>
  );
}

/**
 * The logged-in frame: header (with the notification badge, which holds the live connection and
 * its popups), the page, footer, floating side bar and the feedback dialog.
 */
function ShopFrame() {
  const { headerAutoHeight } = useRouteMeta();
  const { data: user } = useQuery(userQueries.info());
  const [feedbackOpened, setFeedbackOpened] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const ctx = { variant, user };

  return (
    <div className={styles.page}>
      <ShopHeader autoHeight={headerAutoHeight === true} badge={<NotificationBadge />} />
      <main className={styles.main}>
        <Outlet />
      </main>
      <ShopFooter ctx={ctx} />
      <SideBar
        ctx={ctx}
        onFeedback={() => {
          setFeedbackOpened(true);
          setFeedbackOpen(true);
        }}
      />
      {feedbackOpened && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
