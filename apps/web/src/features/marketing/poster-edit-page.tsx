import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Radio, Select, Space, Tag } from 'antd';
import { DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import type { ProductRow } from '@shop/core/api/parts';
import { POSTER_TEXTS, type PosterTemplate } from '@shop/core/api/posters';
import { visiblePriceLabels } from '@shop/core/part-display';
import { EmptyState, LoadingState, PageShell } from '../../components/page-shell/page-shell';
import { LoadError } from '../../components/load-error/load-error';
import { saveDownloadedFile } from '../../lib/api-client';
import { usePreferences } from '../../lib/preferences';
import { useVariant } from '../../lib/variant-context';
import { marketingQueries, useGeneratePoster } from './api/marketing-api';
import styles from './marketing.module.css';

/**
 * /parts/marketing/edit: 海报制作. The dealer picks a template and parts (search by number or
 * name) and the price to show (or none); the server draws the PNG, shown here and downloadable.
 */
export default function PosterEditPage() {
  const [params] = useSearchParams();
  const variant = useVariant();
  const showPrice = usePreferences((s) => s.showPrice);
  const [category, setCategory] = useState<number | undefined>();
  const [templateId, setTemplateId] = useState<number | undefined>(Number(params.get('template_id')) || undefined);
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState('');
  const [chosen, setChosen] = useState<ProductRow[]>([]);
  const labels = visiblePriceLabels(variant, showPrice ? 1 : 0);
  const [priceKey, setPriceKey] = useState<string>(labels[0]?.key ?? '');
  const categories = useQuery(marketingQueries.categories());
  const templates = useQuery(marketingQueries.templates(category));
  const parts = useQuery(marketingQueries.partSearch(searched));
  const generate = useGeneratePoster();
  const template: PosterTemplate | undefined = templates.data?.find((t) => t.id === templateId);

  // The first template is chosen when none is, or when the one chosen is not offered (a
  // ?template_id= switched off since, a category without it): the parts beyond its size go.
  useEffect(() => {
    const offered = templates.data ?? [];
    const first = offered[0];
    if (!first || offered.some((t) => t.id === templateId)) return;
    setTemplateId(first.id);
    setChosen((list) => list.slice(0, first.max_parts));
  }, [templateId, templates.data]);

  const posterUrl = useMemo(
    () => (generate.data ? URL.createObjectURL(generate.data.file.blob) : undefined),
    [generate.data],
  );
  useEffect(() => () => (posterUrl ? URL.revokeObjectURL(posterUrl) : undefined), [posterUrl]);

  const max = template?.max_parts ?? 0;
  const toggle = (row: ProductRow) =>
    setChosen((list) =>
      list.some((p) => p.product_id === row.product_id)
        ? list.filter((p) => p.product_id !== row.product_id)
        : list.length < max
          ? [...list, row]
          : list,
    );

  return (
    <div className="shop-container">
      <PageShell
        title="海报制作"
        hint="选择模板和配件，生成带价格、公司电话和配件二维码的海报"
        crumbs={[{ label: '首页', to: '/home' }, { label: '今日营销', to: '/parts/marketing' }, { label: '海报制作' }]}
      >
        <div className={styles.editor}>
          <section className={styles.steps} aria-label="海报设置">
            <h2>1. 选择模板</h2>
            {categories.data && categories.data.length > 1 ? (
              <Radio.Group
                optionType="button"
                size="small"
                value={category ?? 0}
                onChange={(e) => setCategory(Number(e.target.value) || undefined)}
                options={[{ label: '全部', value: 0 }, ...categories.data.map((c) => ({ label: c.name, value: c.id }))]}
              />
            ) : null}
            {templates.isPending ? (
              <LoadingState />
            ) : templates.isError ? (
              <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
            ) : templates.data.length === 0 ? (
              <EmptyState text={POSTER_TEXTS.emptyTemplates} />
            ) : (
              <ul className={styles.templates} aria-label="海报模板">
                {templates.data.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      aria-pressed={t.id === templateId}
                      className={t.id === templateId ? styles.templateOn : styles.template}
                      style={{ background: `linear-gradient(160deg, ${t.color_from}, ${t.color_to})` }}
                      onClick={() => {
                        setTemplateId(t.id);
                        setChosen((list) => list.slice(0, t.max_parts));
                      }}
                    >
                      <strong>{t.headline}</strong>
                      <span>
                        {t.name} · 最多 {t.max_parts} 个配件
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}

            <h2>
              2. 选择配件（{chosen.length}/{max}）
            </h2>
            <Input.Search
              placeholder="输入 OE 号、自编码或配件名称"
              allowClear
              enterButton="搜索"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(v) => setSearched(v.trim())}
              aria-label="搜索配件"
            />
            <div className={styles.chosen}>
              {chosen.map((p) => (
                <Tag key={p.product_id} closable onClose={() => toggle(p)}>
                  {p.product_name}
                </Tag>
              ))}
            </div>
            {searched ? (
              parts.isPending ? (
                <LoadingState />
              ) : parts.isError ? (
                <LoadError error={parts.error} onRetry={() => void parts.refetch()} />
              ) : parts.data.list.length === 0 ? (
                <EmptyState text="未找到配件" />
              ) : (
                <ul className={styles.parts} aria-label="配件搜索结果">
                  {parts.data.list.map((p) => {
                    const on = chosen.some((c) => c.product_id === p.product_id);
                    return (
                      <li key={p.product_id}>
                        {p.pic ? <img src={p.pic} alt="" /> : null}
                        <span className={styles.partName}>
                          {p.product_name}
                          <small>{p.number}</small>
                        </span>
                        <Button
                          size="small"
                          type={on ? 'default' : 'primary'}
                          disabled={!on && chosen.length >= max}
                          onClick={() => toggle(p)}
                        >
                          {on ? '移除' : '选择'}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )
            ) : null}

            <h2>3. 显示价格</h2>
            <Select
              style={{ width: 220 }}
              value={priceKey}
              onChange={setPriceKey}
              aria-label="显示价格"
              options={[...labels.map((l) => ({ value: l.key, label: l.label })), { value: '', label: '不显示价格' }]}
            />
            <Space className={styles.actions}>
              <Button
                type="primary"
                icon={<PictureOutlined />}
                loading={generate.isPending}
                disabled={!template || chosen.length === 0}
                onClick={() =>
                  template &&
                  generate.mutate({
                    template_id: template.id,
                    product_ids: chosen.map((p) => p.product_id),
                    price_key: priceKey,
                  })
                }
              >
                生成海报
              </Button>
            </Space>
            {generate.isError ? <Alert type="error" showIcon title={generate.error.message} /> : null}
          </section>
          <section className={styles.preview} aria-label="海报预览">
            {posterUrl && generate.data ? (
              <>
                <img src={posterUrl} alt="生成的海报" data-testid="poster-image" />
                <Button icon={<DownloadOutlined />} onClick={() => saveDownloadedFile(generate.data.file)}>
                  下载海报
                </Button>
              </>
            ) : generate.isPending ? (
              <LoadingState text="海报生成中…" />
            ) : (
              <EmptyState text="选择模板和配件后点击「生成海报」" />
            )}
          </section>
        </div>
      </PageShell>
    </div>
  );
}
