import { Link } from 'react-router';
import { ArrowRightOutlined } from '@ant-design/icons';
import { visibleBrandTiles, type BrandTile, type BrandVariant } from '@shop/core/brand-variants';
import { partsOfMakePath } from '../../../lib/catalog-paths';
import styles from './main-brand-tiles.module.css';

/** Tile colours, cycled: deep, calm colours that carry white text. */
const TONES = ['#1d2b3f', '#0f3d5e', '#3b3f46', '#173f35', '#2d2a4a'];

export interface MainBrandTilesProps {
  variant: BrandVariant;
  /** The profile's brand_grouping_lists; only used by the 'grouped' kind. */
  brandGroupingLists: { make_name: string }[];
}

/** The tiles the variant shows for this profile (empty: the section is hidden). */
export function mainBrandTilesFor(variant: BrandVariant, brandGroupingLists: { make_name: string }[]): BrandTile[] {
  return visibleBrandTiles(variant, brandGroupingLists);
}

/**
 * Main-brand tiles (spec.md section 2): 'specialised' variants show '专营{brand}配件' cards,
 * 'grouped' ones the tiles of makes in brand_grouping_lists, the others a fixed list.
 * Every tile links to the parts list filtered by brand_name_zh. Nothing when empty.
 */
export function MainBrandTiles({ variant, brandGroupingLists }: MainBrandTilesProps) {
  const tiles = mainBrandTilesFor(variant, brandGroupingLists);
  if (tiles.length === 0) return null;
  const kind = variant.mainBrandTiles.kind;
  const wide = kind === 'specialised' || tiles.length <= 2;

  return (
    <div
      className={wide ? styles.wideGrid : styles.grid}
      style={wide ? undefined : { ['--tile-columns' as string]: Math.min(tiles.length, 5) }}
      data-kind={kind}
      data-testid="main-brand-tiles"
    >
      {tiles.map((tile, index) => {
        const title = kind === 'specialised' ? `专营${tile.name}配件` : tile.name;
        return (
          <Link
            key={tile.name}
            to={partsOfMakePath(tile.name)}
            className={wide ? styles.wideTile : styles.tile}
            style={{ ['--tile-tone' as string]: TONES[index % TONES.length] }}
            aria-label={title}
          >
            <span className={styles.latin} aria-hidden="true">
              {tile.latin}
            </span>
            <span className={styles.name}>{title}</span>
            <span className={styles.hint}>{wide ? '原厂品质 · 精准适配 · 现货直发' : `${tile.latin}`}</span>
            <span className={styles.more}>
              查看配件 <ArrowRightOutlined />
            </span>
          </Link>
        );
      })}
    </div>
  );
}
