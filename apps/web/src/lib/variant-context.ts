import { createContext, useContext } from 'react';
import type { BrandVariant } from '@shop/core/brand-variants';
import { variant } from './brand';

/**
 * The brand variant as React context: components read it with `useVariant()`, the app serves
 * the page's variant (the default), and a test renders another brand with a provider
 * (`renderWithProviders(ui, { brand: 'eurox' })`) instead of mocking the brand module.
 */
export const VariantContext = createContext<BrandVariant>(variant);

export function useVariant(): BrandVariant {
  return useContext(VariantContext);
}
