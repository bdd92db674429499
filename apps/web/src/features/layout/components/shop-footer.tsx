import type { ReactNode } from 'react';
import { CarOutlined, DatabaseOutlined, SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { CONSTANTS } from '@shop/core/constants';
import { BrandLogo } from '../../../components/brand-logo/brand-logo';
import { publicAccountQr, shopName, variant } from '../../../lib/brand';
import { SHOP_LINKS, isLinkShown, type LinkContext } from '../nav-links';
import styles from './shop-footer.module.css';

/** The four selling points (spec.md section 2, 'Footer'). */
const SELLING_POINTS: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <SafetyCertificateOutlined />, title: '品质保障', text: '正品自营' },
  { icon: <SearchOutlined />, title: '品类齐全', text: '精准查询' },
  { icon: <DatabaseOutlined />, title: '实时库存', text: '有货保障' },
  { icon: <CarOutlined />, title: '物流可视', text: '智能履约' },
];

/** Link groups; only 账户信息 is a link (shown as one once its route exists). */
const LINK_GROUPS: { title: string; items: { label: string; link?: 'accountInfo' }[] }[] = [
  { title: '账户管理', items: [{ label: SHOP_LINKS.accountInfo.label, link: 'accountInfo' }] },
  { title: '帮助指南', items: [{ label: '查价流程' }, { label: '资料管理' }] },
  { title: '平台服务', items: [{ label: '关于我们' }, { label: '联系我们' }] },
];

export const PRIVACY_POLICY_PATH = '/privacy-policy.html';

export function ShopFooter({ ctx }: { ctx: LinkContext }) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.points}>
        <div className={`shop-container ${styles.pointsInner}`}>
          {SELLING_POINTS.map((point) => (
            <div key={point.title} className={styles.point}>
              <span className={styles.pointIcon}>{point.icon}</span>
              <span>
                <strong>{point.title}</strong>
                <em>{point.text}</em>
              </span>
            </div>
          ))}
        </div>
      </div>
      <div className={`shop-container ${styles.body}`}>
        <div className={styles.brand}>
          <BrandLogo white height={40} />
          <p>客服热线</p>
          <p className={styles.phone}>{variant.servicePhone}</p>
          <p>周一至周六 8:30-18:00</p>
        </div>
        {LINK_GROUPS.map((group) => (
          <div key={group.title} className={styles.group}>
            <h4>{group.title}</h4>
            <ul>
              {group.items.map((item) => (
                <li key={item.label}>
                  {item.link && isLinkShown(item.link, ctx) ? (
                    <Link to={SHOP_LINKS[item.link].path}>{item.label}</Link>
                  ) : (
                    <span>{item.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className={styles.qr}>
          <img src={publicAccountQr} alt={`${variant.brandZh}公众号二维码`} width={104} height={104} />
          <span>微信扫码关注公众号</span>
        </div>
      </div>
      <div className={styles.bottom}>
        <div className="shop-container">
          <a href={PRIVACY_POLICY_PATH} target="_blank" rel="noreferrer">
            隐私政策
          </a>
          <span className={styles.sep}>|</span>
          <span>
            Copyright © {year} {variant.companyName} 版权所有
          </span>
          <span className={styles.sep}>|</span>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
            {variant.filingNumber}
          </a>
          <span className={styles.sep}>|</span>
          <span>
            {shopName} v{CONSTANTS.version}
          </span>
        </div>
      </div>
    </footer>
  );
}
