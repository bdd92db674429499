import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks province, city and district in the address form's region picker (antd Cascader), opening
 * it from `picker`, then waits for its menu to close. Each column is named by its place, since a
 * city may be named as its province (北京市 → 北京市). A click during the menu's opening animation
 * can be lost on a busy machine: an item is clicked again until the next column shows (clicking an
 * expanded item again changes nothing).
 */
export async function pickRegion(page: Page, picker: Locator, path: readonly string[]): Promise<void> {
  await picker.click();
  const item = (column: number) =>
    page.locator('.ant-cascader-menu').nth(column).locator(`.ant-cascader-menu-item[title="${path[column]}"]`);
  for (let column = 0; column < path.length; column++) {
    await item(column).click();
    if (column + 1 < path.length) {
      await expect
        .poll(
          async () => {
            if (await item(column + 1).isVisible()) return true;
            await item(column).click();
            return false;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
    }
  }
  // The menu closes with an animation over the fields below it.
  await page.locator('.ant-cascader-dropdown').waitFor({ state: 'hidden' });
}
