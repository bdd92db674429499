import { Link, useSearchParams } from 'react-router';
import { Descriptions, Space, Timeline } from 'antd';
import { AuthImage } from '../../components/auth-image/auth-image';
import { EmptyState, PageShell, PageStates } from '../../components/page-shell/page-shell';
import { idOf } from '@shop/core/api/id-input';
import { developmentKeys, developmentQueries } from '../../entities/development/development-queries';
import { useRepliesDetail } from '../../entities/unread-status/unread-status-queries';
import { LikeButton } from './like-button';
import { StatusTag } from './status-tag';

/**
 * /profile/product_develop_detail?id=: one of the account's requests with its pictures and the
 * staff's replies and status changes. Opening it marks the replies read (lists and dot reload).
 */
export default function DevelopmentDetailPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const detail = useRepliesDetail(developmentQueries.detail(id ?? 0), id !== undefined, developmentKeys.lists());
  const back = <Link to="/profile/product_develop?tab=mine">返回我的需求</Link>;
  if (id === undefined) {
    return (
      <PageShell title="开发需求详情" actions={back}>
        <EmptyState text="开发需求不存在" />
      </PageShell>
    );
  }
  const d = detail.data;
  return (
    <PageShell title="开发需求详情" actions={back}>
      <PageStates query={detail}>
        {d && (
          <>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="配件名称">{d.part_name}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <StatusTag status={d.status} text={d.status_text} />
              </Descriptions.Item>
              <Descriptions.Item label="适用车型">{d.vehicle || '—'}</Descriptions.Item>
              <Descriptions.Item label="OE 号">{d.oe_number || '—'}</Descriptions.Item>
              <Descriptions.Item label="预计月需求量">{d.monthly_quantity}</Descriptions.Item>
              <Descriptions.Item label="点赞">
                <LikeButton item={d} />
              </Descriptions.Item>
              <Descriptions.Item label="提交时间">{d.created_at}</Descriptions.Item>
              <Descriptions.Item label="补充说明">{d.description || '—'}</Descriptions.Item>
              <Descriptions.Item label="图片" span={2}>
                {d.pictures.length === 0 ? (
                  '—'
                ) : (
                  <Space wrap>
                    {d.pictures.map((path, i) => (
                      <AuthImage key={path} path={path} alt={`${d.part_name} 图片 ${i + 1}`} size={96} />
                    ))}
                  </Space>
                )}
              </Descriptions.Item>
            </Descriptions>
            <h2 style={{ fontSize: 16, margin: '20px 0 12px' }}>客服回复</h2>
            {d.replies.length === 0 ? (
              <EmptyState text="暂无回复，我们会尽快评估" />
            ) : (
              <Timeline
                items={d.replies.map((r) => ({
                  content: (
                    <div>
                      {r.status_text && <StatusTag status={r.status} text={`状态更新为：${r.status_text}`} />}
                      {r.content && <p style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>{r.content}</p>}
                      <span style={{ color: '#86909c', fontSize: 12 }}>{r.created_at}</span>
                    </div>
                  ),
                }))}
              />
            )}
          </>
        )}
      </PageStates>
    </PageShell>
  );
}
