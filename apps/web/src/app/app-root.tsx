import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { pageTitle } from '../lib/brand';
import { useRouteMeta } from './route-meta';
import styles from './app-root.module.css';

/** Root of every route: the document title from route meta, scroll restoration, a loading bar. */
export function AppRoot() {
  const { title } = useRouteMeta();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  return (
    <>
      {navigation.state === 'loading' && <div className={styles.progress} role="progressbar" aria-label="页面加载中" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
