import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';

/**
 * A screen loaded when first shown (its own chunk: the login page does not carry every screen of
 * the back office), with a spinner while its code arrives. `name` is the module's export.
 */
const loaders: (() => Promise<unknown>)[] = [];

/** Loads every lazy screen made so far (tests: each screen's code is there before it renders). */
export function preloadLazyPages(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fullscreen = false,
): ComponentType {
  loaders.push(load);
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function LazyPage() {
    return (
      <Suspense fallback={<Spin size="large" fullscreen={fullscreen} description="加载中…" />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
