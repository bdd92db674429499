import { generateDemoData } from '../../src/demo/generate';
import { createTestApp, type TestApp } from './test-app';

/** A test app with `parts` demo parts (reproducible from `seed`) and the fixture accounts only. */
export async function createDemoApp(parts: number, seed: number): Promise<TestApp> {
  const t = await createTestApp();
  await generateDemoData(t.db, { parts, brand: t.config.BRAND, seed, withAccounts: false });
  return t;
}
