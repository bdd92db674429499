import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Result, Skeleton, Tag } from 'antd';
import { AppstoreOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { VinDecoded, VinSearchResult, VinVehicle } from '@shop/core/api/vin';
import { CONSTANTS } from '@shop/core/constants';
import { clampPage, normalizePageSize } from '@shop/core/part-display';
import { vinCorrections, vinProblem } from '@shop/core/vin';
import { Breadcrumb } from '../../components/breadcrumb/breadcrumb';
import { DetailDrawer } from '../../components/detail-drawer/detail-drawer';
import { PaginationBar } from '../../components/pagination-bar/pagination-bar';
import { PartGroup } from '../../components/part-group/part-group';
import { partsOfMakePath } from '../../lib/catalog-paths';
import { vinQueries } from './api/vin-queries';
import styles from './vin-result-page.module.css';

export const NO_VIN_TEXT = '请输入17位车架号';
export const NO_PARTS_FOR_FILTER_TEXT = '该分类下暂无适配配件';

/** The VIN as typed in the address: spaces and dashes dropped, upper case. */
export function cleanVin(raw: string | null): string {
  return (raw ?? '').replace(/[\s-]+/g, '').toUpperCase();
}

function DecodedInfo({ decoded, vehicle }: { decoded: VinDecoded; vehicle: VinVehicle | null }) {
  // Once placed, the model's years settle the 30-year cycle; otherwise the other readings are told.
  const year =
    decoded.model_year === null
      ? '无法识别'
      : !vehicle && decoded.model_year_candidates.length > 1
        ? `${decoded.model_year}（也可能是 ${decoded.model_year_candidates.filter((y) => y !== decoded.model_year).join('、')}）`
        : String(decoded.model_year);
  const items = [
    { key: 'vin', label: '车架号', children: <span className={styles.mono}>{decoded.vin}</span> },
    { key: 'make', label: '品牌', children: vehicle?.make_name || decoded.make || '未知' },
    { key: 'maker', label: '制造商', children: decoded.manufacturer || `未收录（WMI ${decoded.wmi}）` },
    { key: 'country', label: '产地', children: decoded.country || '未知' },
    { key: 'year', label: '车型年款', children: year },
    { key: 'plant', label: '装配厂 / 序列号', children: `${decoded.plant_code} / ${decoded.serial}` },
  ];
  if (vehicle) {
    items.push(
      {
        key: 'model',
        label: '本店车型',
        children: (
          <strong>
            {vehicle.make_name} {vehicle.series_name} {vehicle.model_name}
          </strong>
        ),
      },
      { key: 'chassis', label: '底盘 / 年份', children: `${vehicle.chassis_code || '—'} / ${vehicle.years}` },
      { key: 'engine', label: '发动机 / 排量', children: `${vehicle.engine_code} / ${vehicle.displacement}` },
      { key: 'gearbox', label: '变速箱', children: vehicle.transmission },
      { key: 'type', label: '车身类型', children: vehicle.vehicle_type },
    );
  }
  return <Descriptions size="small" bordered column={3} items={items} className={styles.decoded} />;
}

export const makePartsText = (make: string) => `查看${make}全部配件`;

/**
 * The way on for a VIN we could not place on one of our vehicles: a link to the parts of each
 * make of our catalog its maker builds (one for 宝马, two for 一汽-大众: 大众 and 奥迪).
 */
function MakeLinks({ makes }: { makes: string[] }) {
  return (
    <div className={styles.makeLinks}>
      {makes.map((make) => (
        <Link key={make} className={styles.makeLink} to={partsOfMakePath(make)}>
          <AppstoreOutlined /> {makePartsText(make)}
        </Link>
      ))}
    </div>
  );
}

/** The VIN box of the page (its text starts as the page's VIN: keyed by it). */
function VinLookupBar({ vin, onLookUp }: { vin: string; onLookUp: (vin: string) => void }) {
  const [typed, setTyped] = useState(vin);
  return (
    <>
      <Input
        className={styles.vinInput}
        value={typed}
        maxLength={24}
        placeholder="输入17位车架号（VIN）"
        aria-label="车架号"
        onChange={(e) => setTyped(e.target.value.toUpperCase())}
        onPressEnter={() => onLookUp(typed)}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={() => onLookUp(typed)}>
        查询
      </Button>
    </>
  );
}

/**
 * /parts/vin_result?vin=: what the VIN tells (maker, model year), our vehicle model, the
 * categories with fitting parts (a click filters) and the fitting parts; the company's recent
 * VINs to look up again. An invalid VIN gets the reason; one we cannot place, what we decoded
 * and a notice, with links to the parts of its make when our catalog has it (catalog_makes).
 */
export default function VinResultPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const vin = cleanVin(params.get('vin'));
  const problem = vin ? vinProblem(vin) : NO_VIN_TEXT;
  const categoryId = Number(params.get('category')) || undefined;
  const page = clampPage(Number(params.get('page') ?? 1));
  const limit = normalizePageSize(Number(params.get('limit') ?? CONSTANTS.defaultPageSize));
  const [drawerId, setDrawerId] = useState<number | null>(null);

  const search = useQuery({
    ...vinQueries.search({ vin, page, limit, ...(categoryId ? { category_id: categoryId } : {}) }),
    enabled: !problem,
  });
  // After the search, which adds this VIN to the list.
  const recent = useQuery({ ...vinQueries.recent(vin), enabled: !search.isPending || !!problem });

  const go = (next: Record<string, string | undefined>, fresh = false) => {
    const merged = new URLSearchParams(fresh ? {} : params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
    window.scrollTo?.({ top: 0 });
  };
  const lookUp = (next: string) => {
    const clean = cleanVin(next);
    if (clean === vin) {
      void queryClient.invalidateQueries({ queryKey: vinQueries.searches() });
      void queryClient.invalidateQueries({ queryKey: vinQueries.all() });
    } else go({ vin: clean }, true);
  };

  const data: VinSearchResult | undefined = search.data;
  const total = data?.categories.reduce((n, c) => n + c.count, 0) ?? 0;

  return (
    <div className={styles.page}>
      <Breadcrumb items={[{ label: '首页', to: '/home' }, { label: '车架号查询' }]} />
      <section className={styles.card} aria-label="车架号查询">
        <div className={styles.heading}>
          <h1>车架号查询</h1>
          <VinLookupBar key={vin} vin={vin} onLookUp={lookUp} />
        </div>
        {(recent.data?.list.length ?? 0) > 0 && (
          <div className={styles.recent} aria-label="最近查询的车架号">
            <span className={styles.recentLabel}>最近查询：</span>
            {recent.data!.list.map((item) => (
              <button
                type="button"
                key={item.vin}
                className={`${styles.recentItem} ${item.vin === vin ? styles.recentActive : ''}`}
                title={`${item.vehicle_name}${item.model_year ? ` · ${item.model_year}款` : ''}，查询 ${item.times} 次，最近 ${item.searched_at}`}
                onClick={() => lookUp(item.vin)}
              >
                <span className={styles.mono}>{item.vin}</span>
                <span className={styles.recentName}>{item.vehicle_name}</span>
              </button>
            ))}
          </div>
        )}
      </section>

      {problem ? (
        <section className={styles.card}>
          <Alert type="error" showIcon title="车架号无效" description={`“${vin || '（空）'}”：${problem}`} />
          <VinCorrections vin={vin} />
        </section>
      ) : search.isError && !data ? (
        <section className={styles.card}>
          <Result
            status="warning"
            title="查询失败"
            subTitle={search.error.message || '网络异常，请稍后重试'}
            extra={
              <Button icon={<ReloadOutlined />} loading={search.isFetching} onClick={() => void search.refetch()}>
                重试
              </Button>
            }
          />
        </section>
      ) : !data ? (
        <section className={styles.card}>
          <Skeleton active />
        </section>
      ) : (
        <>
          <section className={styles.card} aria-label="车辆信息">
            <h2 className={styles.subTitle}>车辆信息</h2>
            {data.notice && (
              <Alert
                type="warning"
                showIcon
                title={data.notice}
                className={styles.notice}
                action={
                  !data.vehicle && data.catalog_makes.length > 0 ? <MakeLinks makes={data.catalog_makes} /> : undefined
                }
              />
            )}
            <DecodedInfo decoded={data.decoded} vehicle={data.vehicle} />
          </section>
          {data.vehicle && (
            <section className={styles.card} aria-label="适配配件">
              <h2 className={styles.subTitle}>
                适配配件 <span className={styles.count}>共 {total} 个</span>
              </h2>
              {data.categories.length > 0 && (
                <div className={styles.categories} aria-label="配件分类">
                  <Tag.CheckableTag checked={!categoryId} onChange={() => go({ category: undefined, page: undefined })}>
                    全部（{total}）
                  </Tag.CheckableTag>
                  {data.categories.map((c) => (
                    <Tag.CheckableTag
                      key={c.category_id}
                      checked={c.category_id === categoryId}
                      onChange={() =>
                        go({
                          category: c.category_id === categoryId ? undefined : String(c.category_id),
                          page: undefined,
                        })
                      }
                    >
                      <span title={c.parent_name}>
                        {c.l_name_zh}（{c.count}）
                      </span>
                    </Tag.CheckableTag>
                  ))}
                </div>
              )}
              <PartGroup
                rows={data.list}
                loading={search.isFetching && search.isPlaceholderData}
                emptyText={categoryId ? NO_PARTS_FOR_FILTER_TEXT : data.notice || '暂无适配配件'}
                onOpenDetail={(row) => setDrawerId(row.product_id)}
              />
              {data.total > 0 && (
                <div className={styles.footer}>
                  <PaginationBar
                    total={data.total}
                    page={page}
                    limit={limit}
                    disabled={search.isFetching}
                    onChange={(p, l) => go({ page: String(p), limit: String(l) })}
                  />
                </div>
              )}
            </section>
          )}
        </>
      )}
      <DetailDrawer productId={drawerId} onClose={() => setDrawerId(null)} />
    </div>
  );
}

/**
 * The valid VINs one character away from a mistyped one (core vinCorrections, most likely first),
 * each a link to its own VIN result.
 */
function VinCorrections({ vin }: { vin: string }) {
  const corrections = vin ? vinCorrections(vin) : [];
  if (corrections.length === 0) return null;
  return (
    <div className={styles.corrections} data-testid="vin-corrections">
      <span>您要查的是不是：</span>
      {corrections.map((c) => (
        <Link key={c} to={`/parts/vin_result?${new URLSearchParams({ vin: c })}`}>
          {c}
        </Link>
      ))}
    </div>
  );
}
