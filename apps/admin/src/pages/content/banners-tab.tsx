import { useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Space, Tag, Upload } from 'antd';
import { UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BANNER_STATES,
  CONTENT_MEDIA_FIELD,
  CONTENT_MEDIA_MAX_BYTES,
  CONTENT_TEXTS,
  type AdminBanner,
  type BannerInput,
  type ContentMediaResponse,
} from '@shop/core/api/admin-content';
import { AddButton } from '../../components/add-button';
import { SwitchItem } from '../../components/form-items';
import { LoadError } from '../../components/load-error';
import { apiPost, apiUpload } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useSingleFlight } from '../../lib/use-single-flight';
import { bannersKey, bannersQuery, reorderOf, useContentChange } from './content-api';
import { editRemoveColumn, OrderedTable } from './order-buttons';
import { ChoiceItem } from '../../components/choice-item';

const STATE_COLOR = { showing: 'green', scheduled: 'blue', ended: 'default', disabled: 'default' } as const;
const TIME = 'YYYY-MM-DD HH:mm:ss';

/** The banner carousel: order, schedule, state; add, edit and delete. */
export function BannersTab() {
  const list = useQuery(bannersQuery);
  const reorder = useContentChange(bannersKey, reorderOf('banners'), '排序已保存');
  const remove = useContentChange(
    bannersKey,
    (id: number) => apiPost(`/api/admin/content/banners/${id}/delete`),
    '已删除',
  );
  const [editing, setEditing] = useState<AdminBanner | 'new' | null>(null);
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <AddButton onClick={() => setEditing('new')}>添加轮播图</AddButton>
        <span>经销商首页按此顺序轮播“展示中”的条目（最多 5 个）。</span>
      </Space>
      <OrderedTable<AdminBanner>
        query={list}
        reorder={reorder}
        emptyText="暂无轮播图"
        columns={[
          {
            title: '图片 / 视频',
            dataIndex: 'picture',
            render: (picture: string, b) =>
              b.file_type === 'video' ? (
                <Space>
                  <VideoCameraOutlined />
                  <a href={picture} target="_blank" rel="noreferrer">
                    视频
                  </a>
                </Space>
              ) : (
                <img src={picture} alt="轮播图" style={{ height: 48, maxWidth: 160, objectFit: 'cover' }} />
              ),
          },
          { title: '链接', dataIndex: 'address', render: (a: string) => a || '—' },
          {
            title: '展示时间',
            render: (_, b) => `${b.starts_at ?? '不限'} 至 ${b.ends_at ?? '不限'}`,
          },
          {
            title: '状态',
            dataIndex: 'state',
            render: (state: AdminBanner['state']) => <Tag color={STATE_COLOR[state]}>{BANNER_STATES[state]}</Tag>,
          },
          editRemoveColumn<AdminBanner>(setEditing, remove, () => '删除这张轮播图？经销商首页将立即不再显示。'),
        ]}
      />
      {editing ? <BannerDialog banner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

interface BannerForm {
  picture: string;
  file_type: 'image' | 'video';
  address: string;
  enabled: boolean;
  schedule: [Dayjs | null, Dayjs | null] | null;
}

function formOf(b: AdminBanner | null): BannerForm {
  return {
    picture: b?.picture ?? '',
    file_type: b?.file_type ?? 'image',
    address: b?.address ?? '',
    enabled: b?.enabled ?? true,
    schedule: [b?.starts_at ? dayjs(b.starts_at) : null, b?.ends_at ? dayjs(b.ends_at) : null],
  };
}

function inputOf(v: BannerForm): BannerInput {
  const [start, end] = v.schedule ?? [null, null];
  return {
    picture: v.picture.trim(),
    file_type: v.file_type,
    address: v.address?.trim() ?? '',
    enabled: v.enabled,
    starts_at: start ? start.format(TIME) : null,
    ends_at: end ? end.format(TIME) : null,
  };
}

/** Adds or edits a banner: its file (uploaded or an address), link, schedule and switch. */
function BannerDialog({ banner, onClose }: { banner: AdminBanner | null; onClose: () => void }) {
  const [form] = Form.useForm<BannerForm>();
  const save = useContentChange(
    bannersKey,
    (input: BannerInput) =>
      apiPost<AdminBanner>(banner ? `/api/admin/content/banners/${banner.id}` : '/api/admin/content/banners', input),
    banner ? '已保存' : '已添加',
  );
  const { run: submit, busy } = useSingleFlight(async () => {
    await save.mutateAsync(inputOf(await form.validateFields()));
    onClose();
  });
  const { run: upload, busy: uploading } = useSingleFlight(async (file: File) => {
    if (file.size > CONTENT_MEDIA_MAX_BYTES) {
      notify.error(CONTENT_TEXTS.mediaTooLarge);
      return;
    }
    const body = new FormData();
    body.append(CONTENT_MEDIA_FIELD, file);
    try {
      const stored = await apiUpload<ContentMediaResponse>('/api/admin/content/media', body);
      form.setFieldsValue({ picture: stored.url, file_type: stored.file_type });
      notify.success('上传成功');
    } catch (err) {
      notify.error(err instanceof Error ? err.message : '上传失败，请重试');
    }
  });
  const picture = Form.useWatch('picture', form);
  const fileType = Form.useWatch('file_type', form);

  return (
    <Modal
      title={banner ? '编辑轮播图' : '添加轮播图'}
      open
      okText="保存"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: busy || uploading }}
      cancelButtonProps={{ disabled: busy }}
      width={600}
    >
      <Form<BannerForm> form={form} layout="vertical" disabled={busy} initialValues={formOf(banner)}>
        <Form.Item label="图片或视频" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="picture"
              noStyle
              rules={[{ required: true, whitespace: true, message: CONTENT_TEXTS.pictureRequired }]}
            >
              <Input placeholder="上传后自动填写，或填写 /media/… 地址" aria-label="图片或视频地址" />
            </Form.Item>
            <Upload
              accept="image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} disabled={uploading || busy}>
                上传
              </Button>
            </Upload>
          </Space.Compact>
        </Form.Item>
        {picture && fileType === 'image' ? (
          <img src={picture} alt="预览" style={{ maxHeight: 120, maxWidth: '100%', marginBottom: 16 }} />
        ) : null}
        <ChoiceItem name="file_type" label="类型" choices={{ image: '图片', video: '视频' }} />
        <Form.Item
          name="address"
          label="点击打开的链接"
          rules={[{ pattern: /^(|\/\S*|https?:\/\/\S+)$/, message: CONTENT_TEXTS.addressBad }]}
        >
          <Input placeholder="如 /parts/new，留空则不跳转" />
        </Form.Item>
        <Form.Item
          name="schedule"
          label="展示时间（可只填一端，留空为不限）"
          rules={[
            {
              validator: (_, v: BannerForm['schedule']) =>
                v?.[0] && v[1] && !v[0].isBefore(v[1])
                  ? Promise.reject(new Error(CONTENT_TEXTS.scheduleBad))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            format={TIME}
            placeholder={['开始时间', '结束时间']}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <SwitchItem name="enabled" label="启用" />
      </Form>
    </Modal>
  );
}
