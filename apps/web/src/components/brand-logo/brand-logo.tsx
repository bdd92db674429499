import { shopName, variant } from '../../lib/brand';

/** The brand's logo (public/brand); `white` for dark backgrounds. */
export function BrandLogo({ white = false, height = 48 }: { white?: boolean; height?: number }) {
  return (
    <img
      src={white ? variant.logoWhite : variant.logo}
      alt={`${variant.brand} ${shopName}`}
      height={height}
      style={{ display: 'block', height, width: 'auto' }}
    />
  );
}
