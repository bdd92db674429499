import { banners, hotKeywords } from '../db/schema/content';
import type { Executor } from './bulk-insert';
import { DEMO_BANNERS, DEMO_HOT_KEYWORDS } from './definitions/content';

/** The home page's banner carousel and the hot keywords. */
export async function insertDemoContent(db: Executor): Promise<void> {
  await db.insert(banners).values(DEMO_BANNERS.map((b, i) => ({ ...b, sort: i + 1 })));
  await db.insert(hotKeywords).values(DEMO_HOT_KEYWORDS.map((keyword, i) => ({ keyword, sort: i + 1 })));
}
