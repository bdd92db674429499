import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { BRAND_VARIANTS, type BrandVariant } from '@shop/core/brand-variants';
import { MainBrandTiles } from './main-brand-tiles';

function renderTiles(variant: BrandVariant, makes: string[]) {
  return render(
    <MemoryRouter>
      <MainBrandTiles variant={variant} brandGroupingLists={makes.map((make_name) => ({ make_name }))} />
    </MemoryRouter>,
  );
}

const links = () =>
  screen.queryAllByRole('link').map((a) => [a.getAttribute('aria-label'), decodeURIComponent(a.getAttribute('href')!)]);

describe('MainBrandTiles', () => {
  it("'grouped': keeps only the makes in brand_grouping_lists, in the variant's order", () => {
    const variant = BRAND_VARIANTS.frey;
    expect(variant.mainBrandTiles.kind).toBe('grouped');
    renderTiles(variant, ['沃尔沃', '丰田', '宝马']);
    expect(links()).toEqual([
      ['宝马', '/parts/list?brand_name_zh=宝马'],
      ['沃尔沃', '/parts/list?brand_name_zh=沃尔沃'],
    ]);
  });

  it("'grouped': all five tiles when every make is present", () => {
    renderTiles(BRAND_VARIANTS.frey, ['奔驰', '宝马', '奥迪', '路虎', '沃尔沃']);
    expect(links().map(([name]) => name)).toEqual(['奔驰', '宝马', '奥迪', '路虎', '沃尔沃']);
  });

  it("'grouped': renders nothing when no make matches", () => {
    const { container } = renderTiles(BRAND_VARIANTS.frey, []);
    expect(container.innerHTML).toBe('');
    cleanup();
    const other = renderTiles(BRAND_VARIANTS.frey, ['丰田']);
    expect(other.container.innerHTML).toBe('');
  });

  it("'specialised': '专营{brand}配件' cards for its two brands, whatever the profile holds", () => {
    const variant = BRAND_VARIANTS.eurox;
    expect(variant.mainBrandTiles.kind).toBe('specialised');
    renderTiles(variant, []);
    expect(screen.getByText('专营奔驰配件')).toBeTruthy();
    expect(screen.getByText('专营宝马配件')).toBeTruthy();
    expect(links()).toEqual([
      ['专营奔驰配件', '/parts/list?brand_name_zh=奔驰'],
      ['专营宝马配件', '/parts/list?brand_name_zh=宝马'],
    ]);
  });

  it("'fixed': the variant's fixed list", () => {
    renderTiles(BRAND_VARIANTS.autoline, []);
    expect(links()).toEqual([['大众', '/parts/list?brand_name_zh=大众']]);
    cleanup();
    renderTiles(BRAND_VARIANTS.partsky, ['奔驰']);
    expect(links().map(([name]) => name)).toEqual(['丰田', '本田']);
  });

  it("'fixed' with an empty list renders nothing", () => {
    const empty: BrandVariant = { ...BRAND_VARIANTS.autoline, mainBrandTiles: { kind: 'fixed', brands: [] } };
    const { container } = renderTiles(empty, ['大众']);
    expect(container.innerHTML).toBe('');
  });
});
