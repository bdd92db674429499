import { Descriptions } from 'antd';
import type { UserProfile } from '@shop/core/api/user';

/** The account at a glance, for the side bar's profile entry until the profile screen exists. */
export function ProfileSummary({ user }: { user: UserProfile | undefined }) {
  if (!user) return <div style={{ width: 240 }}>账户信息加载中…</div>;
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ width: 260 }}
      items={[
        { key: 'company', label: '公司', children: user.company_name },
        { key: 'account', label: '账号', children: user.username },
        { key: 'phone', label: '手机', children: user.phone || '—' },
        { key: 'type', label: '类型', children: user.is_main === 1 ? '主账号' : '子账号' },
      ]}
    />
  );
}
