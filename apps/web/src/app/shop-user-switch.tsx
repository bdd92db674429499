import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Modal } from 'antd';
import { ShopAntProviders } from './providers';
import { applyShopUserToken, type ShopUserLink } from './route-guard';

export const SHOP_USER_INVALID_TEXT = '登录链接无效或已过期，已保留当前账号';

export function switchQuestion(companyName: string): string {
  return `切换到 ${companyName} 的账号？当前账号将退出`;
}

/**
 * What a `shopUser` link opened in a browser signed in with another account shows (decision
 * 0025): which company and account the link signs in as, and a choice. 切换账号 signs in with
 * the link (and reloads at the site root); 保留当前账号 keeps the current session. A link whose
 * token is not valid only says so.
 */
export function ShopUserSwitchPrompt({
  link,
  location = window.location,
}: {
  link: ShopUserLink;
  location?: Pick<Location, 'replace'>;
}) {
  const { message } = AntApp.useApp();
  const [open, setOpen] = useState(link.kind === 'confirm');
  const told = useRef(false);

  useEffect(() => {
    if (link.kind !== 'invalid' || told.current) return;
    told.current = true;
    void message.warning(SHOP_USER_INVALID_TEXT);
  }, [link.kind, message]);

  if (link.kind !== 'confirm' || !open) return null;
  return (
    <Modal
      open
      title="切换账号"
      okText="切换账号"
      cancelText="保留当前账号"
      onOk={() => {
        setOpen(false);
        applyShopUserToken(link.token, location);
      }}
      onCancel={() => setOpen(false)}
      mask={{ closable: false }}
    >
      <p>{switchQuestion(link.user.company_name)}</p>
      <p>
        登录账号：{link.user.username}
        {link.user.phone ? `（${link.user.phone}）` : ''}
      </p>
    </Modal>
  );
}

/** The prompt with antd around it, as main.tsx loads it (only for a shopUser link). */
export default function ShopUserSwitch({ link }: { link: ShopUserLink }) {
  return (
    <ShopAntProviders>
      <ShopUserSwitchPrompt link={link} />
    </ShopAntProviders>
  );
}
