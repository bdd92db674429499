import { beforeAll } from 'vitest';
import { configure } from '@testing-library/react';

// Each test renders the whole back office (router, layout, tables): a busy machine needs longer
// than the default second before a screen settles.
// Each screen is also a lazy chunk (app/lazy-page.tsx): one more step before it shows.
configure({ asyncUtilTimeout: 10_000 });

// The screens are loaded lazily (app/lazy-page.tsx): their code is transformed once here, before
// the tests, rather than inside the first test that shows each.
beforeAll(async () => {
  await import('../app/routes');
  await import('../pages/dashboard/dashboard-chart');
  await (await import('../app/lazy-page')).preloadLazyPages();
}, 60_000);
