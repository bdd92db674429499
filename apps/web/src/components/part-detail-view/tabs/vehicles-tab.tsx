import { Empty, Image } from 'antd';
import type { ProductDetail } from '@shop/core/api/parts';
import { mediaUrl } from '../../product-card/media-url';
import { LinesTable } from '../../lines-table/lines-table';
import styles from '../part-detail-view.module.css';

type Car = ProductDetail['carlist'][number]['list'][number] & { key: number };

export const NO_VEHICLES_TEXT = '暂无车型数据';

/** 适用车型: fitting models grouped by series, each group with the series picture. */
export function VehiclesTab({ carlist }: { carlist: ProductDetail['carlist'] }) {
  if (carlist.length === 0) return <Empty description={NO_VEHICLES_TEXT} />;
  return (
    <div className={styles.vehicleGroups}>
      {carlist.map((group) => (
        <section key={group.series_name} className={styles.vehicleGroup} aria-label={group.series_name}>
          <div className={styles.vehicleSeries}>
            {group.img ? (
              <img src={mediaUrl(group.img)} alt={group.series_name} className={styles.vehicleSeriesImage} />
            ) : null}
            <span className={styles.vehicleSeriesName}>{group.series_name}</span>
            <span className={styles.muted}>{group.list.length} 款车型</span>
          </div>
          <LinesTable<Car>
            bordered
            rowKey="key"
            dataSource={group.list.map((car, index) => ({ ...car, key: index }))}
            columns={[
              { title: '车系', dataIndex: 'vehicle_sys', width: 140 },
              { title: '车型', dataIndex: 'vehicle_group' },
              { title: '发动机', dataIndex: 'engine_name', width: 120 },
              {
                title: '类型',
                key: 'type',
                width: 190,
                render: (_, r) => [r.displacement, r.transmission].filter(Boolean).join(' ') || '--',
              },
              { title: '年款', dataIndex: 'year', width: 110 },
              {
                title: '装配图',
                dataIndex: 'image',
                width: 100,
                align: 'center',
                render: (image: string) =>
                  image ? <Image src={mediaUrl(image)} alt="装配图" width={64} height={40} /> : '--',
              },
            ]}
          />
        </section>
      ))}
    </div>
  );
}
