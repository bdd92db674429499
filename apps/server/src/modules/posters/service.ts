import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import {
  POSTER_TEXTS,
  type GeneratedPoster,
  type MarketingDetail,
  type MarketingItem,
  type MarketingPage,
  type PosterCategory,
  type PosterTemplate,
} from '@shop/core/api/posters';
import type { Db } from '../../db/client';
import { accounts, companies } from '../../db/schema/accounts';
import { marketingItems, posterCategories, posters, posterTemplates } from '../../db/schema/posters';
import { chinaDay } from '../../lib/china-time';
import { refuse } from '../../lib/errors';
import { FairQueue } from '../../lib/fair-queue';
import type { DealerRequestContext } from '../../platform/request-context';
import type { FileStorage } from '../../uploads/storage';
import { loadProductRows, rowContext } from '../catalog/product-rows';
import { posterPicture } from './pictures';
import { POSTER_HEIGHT, POSTER_WIDTH, renderPoster } from './render';

/**
 * Today's marketing (materials staff publish for their days) and posters: a dealer picks a
 * published template and parts, the server draws the PNG (render.ts) with the parts' pictures,
 * names, the chosen price of the dealer (or none), the company and phone and a QR code per part,
 * and keeps it for the company (docs/posters.md).
 */

type Template = typeof posterTemplates.$inferSelect;
type Item = typeof marketingItems.$inferSelect;

export function templateView(t: Template): PosterTemplate {
  return {
    id: t.id,
    category_id: t.categoryId,
    name: t.name,
    headline: t.headline,
    subline: t.subline,
    color_from: t.colorFrom,
    color_to: t.colorTo,
    accent: t.accent,
    max_parts: t.maxParts,
  };
}

export function itemView(i: Item): MarketingItem {
  return {
    id: i.id,
    title: i.title,
    summary: i.summary,
    picture: i.picture,
    starts_on: i.startsOn,
    ends_on: i.endsOn,
    template_id: i.templateId ?? 0,
  };
}

/** The categories that have published templates, with their count. */
export async function posterCategoryList(db: Db): Promise<PosterCategory[]> {
  const rows = await db
    .select({ id: posterCategories.id, name: posterCategories.name, count: count(posterTemplates.id) })
    .from(posterCategories)
    .innerJoin(
      posterTemplates,
      and(eq(posterTemplates.categoryId, posterCategories.id), eq(posterTemplates.published, true)),
    )
    .groupBy(posterCategories.id)
    .orderBy(asc(posterCategories.sort), asc(posterCategories.id));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The published templates (of a category). */
export async function makeList(db: Db, categoryId: number | undefined): Promise<PosterTemplate[]> {
  const rows = await db
    .select()
    .from(posterTemplates)
    .where(
      and(eq(posterTemplates.published, true), categoryId ? eq(posterTemplates.categoryId, categoryId) : undefined),
    )
    .orderBy(asc(posterTemplates.sort), asc(posterTemplates.id));
  return rows.map(templateView);
}

const showingToday = (today: string) =>
  and(eq(marketingItems.published, true), lte(marketingItems.startsOn, today), gte(marketingItems.endsOn, today));

/** Today's marketing (China day): the published materials whose days include today. */
export async function todaysMarketing(db: Db, q: { page: number; limit: number }): Promise<MarketingPage> {
  const today = chinaDay(new Date());
  const where = showingToday(today);
  const [total] = await db.select({ n: count() }).from(marketingItems).where(where);
  const rows = await db
    .select()
    .from(marketingItems)
    .where(where)
    .orderBy(asc(marketingItems.sort), desc(marketingItems.startsOn), desc(marketingItems.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { total: Number(total?.n ?? 0), page: q.page, limit: q.limit, list: rows.map(itemView), today };
}

/** A published material of today with its suggested template (when that is published). */
export async function marketingDetail(db: Db, id: number): Promise<MarketingDetail> {
  const [row] = await db
    .select({ item: marketingItems, template: posterTemplates })
    .from(marketingItems)
    .leftJoin(
      posterTemplates,
      and(eq(posterTemplates.id, marketingItems.templateId), eq(posterTemplates.published, true)),
    )
    .where(and(eq(marketingItems.id, id), showingToday(chinaDay(new Date()))));
  if (!row) refuse(POSTER_TEXTS.itemNotFound);
  return { ...itemView(row.item), template: row.template ? templateView(row.template) : null };
}

/**
 * Renders at most this many posters at once per process, companies taking turns (a render holds
 * a core for its whole time); a company may have a few waiting, past that it is told to retry.
 */
export const renderQueue = new FairQueue<number>({ concurrency: 2, maxWaitingPerKey: 3, maxWaiting: 50 });

export interface PosterRequest {
  template_id: number;
  product_ids: number[];
  price_key: string;
}

/** Draws the poster and keeps it for the company; answers where to fetch it. */
export async function generatePoster(
  ctx: DealerRequestContext,
  storage: FileStorage,
  origin: string,
  input: PosterRequest,
): Promise<GeneratedPoster> {
  const { caller, variant } = ctx;
  const [template] = await ctx.db
    .select()
    .from(posterTemplates)
    .where(and(eq(posterTemplates.id, input.template_id), eq(posterTemplates.published, true)));
  if (!template) refuse(POSTER_TEXTS.templateNotFound);
  const ids = [...new Set(input.product_ids)];
  if (ids.length > template.maxParts) refuse(POSTER_TEXTS.tooManyParts(template.maxParts));
  const label = input.price_key ? variant.priceLabels.find((l) => l.key === input.price_key) : undefined;
  if (input.price_key && !label) refuse(POSTER_TEXTS.priceKeyBad);

  const rows = await loadProductRows(ctx.db, rowContext(ctx, 1), ids);
  if (rows.length !== ids.length) refuse(POSTER_TEXTS.partNotFound);
  const [who] = await ctx.db
    .select({ company: companies.name, contactPhone: companies.contactPhone, phone: accounts.phone })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(and(eq(accounts.id, caller.accountId), eq(accounts.companyId, caller.companyId)));

  const release = await (renderQueue.tryAcquire(caller.companyId) ?? refuse(POSTER_TEXTS.busy));
  let png: Buffer;
  try {
    const parts = await Promise.all(
      rows.map(async (r) => {
        const price = label ? r.prices[label.key] : undefined;
        return {
          name: r.product_name,
          number: r.number ? `OE ${r.number}` : r.frey_no,
          price: price && price !== '0.00' ? `¥${price}` : '',
          picture: r.pic ? await posterPicture(r.pic, variant, storage) : null,
          url: `${origin}/parts/details?id=${r.product_id}`,
        };
      }),
    );
    png = await renderPoster({
      headline: template.headline,
      subline: template.subline,
      colorFrom: template.colorFrom,
      colorTo: template.colorTo,
      accent: template.accent,
      priceLabel: label?.label ?? '',
      parts,
      company: who?.company ?? '',
      phone: who?.contactPhone || who?.phone || '',
    });
  } finally {
    release();
  }
  const [saved] = await ctx.db
    .insert(posters)
    .values({
      companyId: caller.companyId,
      accountId: caller.accountId,
      templateId: template.id,
      productIds: ids,
      priceKey: label?.key ?? '',
      png,
    })
    .returning({ id: posters.id });
  return {
    id: saved!.id,
    url: `/api/Shop.GeneratePicture/poster?id=${saved!.id}`,
    width: POSTER_WIDTH,
    height: POSTER_HEIGHT,
    bytes: png.length,
  };
}

/** A poster of the caller's company (another company's answers as not found). */
export async function posterPng(ctx: DealerRequestContext, id: number): Promise<Buffer> {
  const [row] = await ctx.db
    .select({ png: posters.png })
    .from(posters)
    .where(and(eq(posters.id, id), eq(posters.companyId, ctx.caller.companyId)));
  if (!row) refuse(POSTER_TEXTS.posterNotFound);
  return row.png;
}
