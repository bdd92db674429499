import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { screenshot } from './helpers/browser';
import { searchFromHeader } from './helpers/catalog';
import { openPageAs } from './helpers/session';
import { useShopAndBrowser } from './helpers/shop';

/**
 * VIN lookup: a dealer types a VIN in the header box (it goes to the VIN result after the
 * message), filters the fitting parts by category, then uploads a photo of a VIN plate (the
 * committed OCR fixtures) and lands on that VIN's result, with the first VIN among the recent ones.
 */
const FIXTURES = fileURLToPath(new URL('../apps/server/test/fixtures/vin-photos/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${FIXTURES}manifest.json`, 'utf8')) as { file: string; vin: string | null }[];
const vinOf = (file: string) => manifest.find((f) => f.file === file)!.vin!;

const suite = useShopAndBrowser();

test('type a VIN in the header → VIN result with our vehicle → filter → upload a VIN photo → its result', async () => {
  const { shop, browser } = suite;
  const { page, errors } = await openPageAs(browser, shop, '13800000001');

  // 华晨宝马 5系 530Li (a demo-catalog VIN), typed in lower case.
  const typed = vinOf('plate-grouped-rotated.jpg');
  await searchFromHeader(page, typed.toLowerCase());
  await page.getByText('检测到车架号，正在为您跳转到车架号查询…').waitFor();
  await page.waitForURL(`**/parts/vin_result?vin=${typed}`);
  await page.getByText('530Li 领先型 M运动套装').first().waitFor();
  await page.getByText('华晨宝马').first().waitFor();
  const parts = page.getByRole('region', { name: '适配配件' });
  await parts.getByText('全部（').waitFor();
  await screenshot(page, 'vin-result-typed');

  // A category narrows the parts to its count.
  const tags = parts.locator('.ant-tag-checkable');
  const second = tags.nth(1);
  const label = (await second.textContent()) ?? '';
  const count = Number(/（(\d+)）/.exec(label)?.[1]);
  await second.click();
  await page.waitForURL('**category=**');
  await parts.getByText(`共 ${count} 条`).waitFor();
  await screenshot(page, 'vin-result-filtered');

  // A photo of a VIN plate (北京奔驰 C 260 L).
  const photo = 'plate-clean.jpg';
  await page.locator('[data-testid="vin-image-input"]').setInputFiles(`${FIXTURES}${photo}`);
  await page.getByText(`识别成功：${vinOf(photo)}`).waitFor({ timeout: 30_000 });
  await page.waitForURL(`**/parts/vin_result?vin=${vinOf(photo)}`);
  await page.getByText('C 260 L 豪华型').first().waitFor();
  await page.getByText('北京奔驰').first().waitFor();
  // The page's VIN box follows, and both VINs are among the recent ones.
  expect(await page.getByLabel('车架号', { exact: true }).inputValue()).toBe(vinOf(photo));
  await page.getByRole('button', { name: new RegExp(typed) }).waitFor();
  await page.getByRole('button', { name: new RegExp(vinOf(photo)) }).waitFor();
  await screenshot(page, 'vin-result-photo');

  // A real VIN our catalog has no model for: what it tells, the notice, and a way on to its make's parts.
  await page.goto('/parts/vin_result?vin=1HGBH41JXMN109186');
  await page.getByText('未能匹配到本店的具体车型，可查看本田全部配件').first().waitFor();
  await page.getByText('本田（美国）').first().waitFor();
  await screenshot(page, 'vin-result-not-placed');
  await page.getByRole('link', { name: '查看本田全部配件' }).click();
  await page.waitForURL(`**/parts/list?brand_name_zh=${encodeURIComponent('本田')}`);
  await page
    .getByTestId(/^part-row-/)
    .first()
    .waitFor();
  // A wrong check digit: the reason, and no lookup.
  await page.goto('/parts/vin_result?vin=1HGBH41J1MN109186');
  await page.getByText('车架号无效').waitFor();
  await screenshot(page, 'vin-result-invalid');

  expect(errors).toEqual([]);
}, 120_000);
