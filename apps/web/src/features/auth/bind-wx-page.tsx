import { Link } from 'react-router';
import { Result } from 'antd';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { COOKIE, getCookie } from '../../lib/cookies';
import styles from './bind-wx-page.module.css';

/**
 * /bind_wx (spec.md sections 2 and 6: reachable without a login). It is where a WeChat scan
 * lands when that WeChat is not bound to a shop account yet, carrying a binding token
 * (wx_bind_token). WeChat login and binding are not built yet, so the page binds nothing: it
 * says how one gets here and leads back to the login page.
 */
export default function BindWxPage() {
  const hasBindToken = Boolean(getCookie(COOKIE.wxBindToken));
  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <BrandLogo />
      </header>
      <Result
        status="info"
        title="绑定微信账号"
        subTitle={
          <div className={styles.text}>
            {hasBindToken ? (
              <p>已收到微信授权，但绑定商城账号的功能暂未开放，请先使用账号密码登录。</p>
            ) : (
              <>
                <p>
                  此页面用于把微信绑定到商城账号：在登录页用微信扫描二维码登录时，如果该微信还没有绑定商城账号，会自动来到这里完成绑定。
                </p>
                <p>当前没有微信绑定信息，请从登录页扫码进入。微信扫码登录暂未开放，请先使用账号密码登录。</p>
              </>
            )}
          </div>
        }
        extra={
          <Link to="/login" className={styles.loginLink}>
            返回登录
          </Link>
        }
      />
    </div>
  );
}
