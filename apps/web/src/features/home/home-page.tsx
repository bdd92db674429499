import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { theme } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { BannerCarousel } from '../../components/banner-carousel/banner-carousel';
import { MultiNumberBox } from '../../components/multi-number-box/multi-number-box';
import { variant } from '../../lib/brand';
import { userQueries } from '../../entities/user/user-queries';
import { developmentQueries } from '../../entities/development/development-queries';
import { homeQueries } from './api/home-queries';
import { AnchorBar } from './components/anchor-bar';
import { CategoryMenu } from './components/category-menu';
import { LoadError } from '../../components/load-error/load-error';
import { MainBrandTiles, mainBrandTilesFor } from './components/main-brand-tiles';
import { ProductGrid } from './components/product-grid';
import { HotDevelopment } from './components/hot-development';
import { SectionHeader } from './components/section-header';
import sectionStyles from './components/home-section.module.css';
import styles from './home-page.module.css';

/** New arrivals shown on the home page: two rows of five. */
export const HOME_NEW_ARRIVALS_LIMIT = 10;
/** The most liked development requests on the home page. */
export const HOME_HOT_DEVELOPMENT_LIMIT = 5;

interface FloorQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/** A floor's content: the reason and a retry when its data did not load, else what `loaded` shows. */
function floorContent(query: FloorQuery, loaded: () => ReactNode): ReactNode {
  if (!query.isError) return loaded();
  return (
    <div className={sectionStyles.state}>
      <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </div>
  );
}

interface HomeSection {
  /** DOM id: the anchor bar scrolls to it. */
  id: string;
  title: string;
  subtitle: string;
  /** The link to the floor's whole list. */
  more?: { to: string; label: string };
  content: ReactNode;
}

/** The home page (spec.md section 2): banner and categories, then the floors the anchor bar lists. */
export default function HomePage() {
  const { token } = theme.useToken();
  const index = useQuery(homeQueries.index());
  const arrivals = useQuery(homeQueries.newArrivals(1, HOME_NEW_ARRIVALS_LIMIT));
  const profile = useQuery(userQueries.info());
  const hotDevelopment = useQuery(developmentQueries.list({ page: 1, limit: HOME_HOT_DEVELOPMENT_LIMIT, sort: 'hot' }));

  const groupingLists = profile.data?.brand_grouping_lists ?? [];
  // 'grouped' tiles depend on the profile: wait for it rather than flash an empty section.
  const profileReady = variant.mainBrandTiles.kind !== 'grouped' || profile.isSuccess;
  const showBrands = profileReady && mainBrandTilesFor(variant, groupingLists).length > 0;

  // One list drives both the floors and the anchor bar; a floor that is not shown has no entry.
  const sections: HomeSection[] = [
    {
      id: 'home-new-arrivals',
      title: '新品上架',
      subtitle: '最新到货的配件',
      more: { to: '/parts/new', label: '查看更多' },
      content: floorContent(arrivals, () => (
        <ProductGrid
          products={arrivals.data?.list}
          loading={arrivals.isPending}
          skeletonCount={HOME_NEW_ARRIVALS_LIMIT}
        />
      )),
    },
    ...(showBrands
      ? [
          {
            id: 'home-main-brands',
            title: '主营品牌',
            subtitle: '原厂品质，精准适配',
            content: <MainBrandTiles variant={variant} brandGroupingLists={groupingLists} />,
          },
        ]
      : []),
    {
      id: 'home-hot-recommends',
      title: '热门推荐',
      subtitle: '经销商都在买',
      // The floor keeps the first 5; the whole list is on its own page (/parts/hot_recommend).
      more: { to: '/parts/hot_recommend', label: '查看更多' },
      content: floorContent(index, () => (
        <ProductGrid products={index.data?.hot_recommends} loading={index.isPending} />
      )),
    },
    {
      id: 'home-hot-development',
      title: '热门开发',
      subtitle: '经销商最期待的新配件',
      more: { to: '/profile/product_develop?tab=hot', label: '我要开发' },
      content: floorContent(hotDevelopment, () => (
        <HotDevelopment items={hotDevelopment.data?.list} loading={hotDevelopment.isPending} />
      )),
    },
  ];

  const accent = { '--home-accent': token.colorPrimary } as CSSProperties;

  return (
    <div className={styles.page} style={accent}>
      <div className={styles.top}>
        <div className={styles.menu}>
          <CategoryMenu groups={index.data?.category_list ?? []} loading={index.isPending} failed={index.isError} />
        </div>
        <div className={styles.banner}>
          {index.isPending ? (
            <div className={styles.bannerSkeleton} aria-busy="true" />
          ) : index.isError ? (
            <div className={styles.bannerState}>
              <LoadError error={index.error} onRetry={() => void index.refetch()} retrying={index.isFetching} />
            </div>
          ) : index.data.shop_carousel_list.length > 0 ? (
            <BannerCarousel items={index.data.shop_carousel_list} />
          ) : (
            <div className={styles.bannerFallback}>
              <div className={styles.bannerFallbackTitle}>{variant.companyName}</div>
              <div className={styles.bannerFallbackText}>原厂品质 · 精准查询 · 实时库存 · 智能配送</div>
            </div>
          )}
        </div>
      </div>

      {/* The multi-number search right under the banner, where a dealer with a list starts. */}
      <MultiNumberBox rows={4} className={styles.multiNumber} />

      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className={sectionStyles.section}
          aria-labelledby={`${section.id}-title`}
        >
          <SectionHeader
            title={section.title}
            subtitle={section.subtitle}
            extra={
              section.more && (
                <Link to={section.more.to} className={styles.more}>
                  {section.more.label} <RightOutlined />
                </Link>
              )
            }
            id={`${section.id}-title`}
          />
          {section.content}
        </section>
      ))}

      <AnchorBar entries={sections.map(({ id, title }) => ({ id, title }))} />
    </div>
  );
}
