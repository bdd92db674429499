import type { StudyCategory, StudyDetail, StudyItem } from '@shop/core/api/learning';
import type { ResourceEntry, ResourceRow } from '@shop/core/api/resource-share';
import { RESOURCE_TEXTS } from '@shop/core/resource-share-rules';
import { STUDY_TEXTS } from '@shop/core/api/learning';
import { makePage, makeResourceEntry, makeStudyDetail } from './factories';
import { reply, type StubRoutes } from './stub-server';

function pageOf<T>(list: T[], query: Record<string, string>, limit: number) {
  const page = Number(query.page ?? 1);
  return makePage(list.slice((page - 1) * limit, page * limit), page, limit, list.length);
}

/**
 * Resource share as the server keeps it (/api/Shop.ResourceSharing/*, 20 a page): `others` are
 * other companies' entries that list finds by number prefix or name (case and dashes do not
 * matter), `mine` the company's own. An import answers a preview of `imported` rows (and the
 * `problems`) with the contact sent; publishing it adds the rows to `mine` once; withdraw takes
 * one of `mine` away. A test reads the state back after the screen acted.
 */
export interface ResourceWorld {
  others: ResourceEntry[];
  mine: ResourceEntry[];
  imported: ResourceRow[];
  problems: string[];
}

export function resourceWorld(over: Partial<ResourceWorld> = {}): ResourceWorld {
  return { others: [], mine: [], imported: [], problems: [], ...over };
}

const normalise = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

export function resourceShareHandlers(state: ResourceWorld = resourceWorld()): StubRoutes {
  const previews = new Map<number, { contact: string; rows: ResourceRow[] }>();
  let nextId = 900;
  return {
    'GET /api/Shop.ResourceSharing/list': ({ query }) => {
      const keyword = query.keyword ?? '';
      const found = state.others.filter(
        (e) => !keyword || normalise(e.number).startsWith(normalise(keyword)) || e.name.includes(keyword),
      );
      return pageOf(found, query, 20);
    },
    'GET /api/Shop.ResourceSharing/mine': ({ query }) => pageOf(state.mine, query, 20),
    'POST /api/Shop.ResourceSharing/import': ({ body }) => {
      const contact = String((body as FormData).get('contact') ?? '').trim();
      if (!contact) return reply.refused(RESOURCE_TEXTS.contactMissing);
      if (state.imported.length === 0) return reply.refused(RESOURCE_TEXTS.noRows);
      const id = nextId++;
      previews.set(id, { contact, rows: state.imported });
      return { preview_id: id, contact, rows: state.imported, problems: state.problems };
    },
    'POST /api/Shop.ResourceSharing/publish': ({ body }) => {
      const id = (body as { preview_id: number }).preview_id;
      const preview = previews.get(id);
      if (!preview) return reply.refused(RESOURCE_TEXTS.previewGone);
      previews.delete(id);
      const entries = preview.rows.map((r) =>
        makeResourceEntry(nextId++, {
          number: r.number,
          name: r.name,
          quantity: r.quantity,
          price: r.price,
          contact: preview.contact,
        }),
      );
      state.mine = [...entries, ...state.mine];
      return reply.ok({ published: entries.length }, RESOURCE_TEXTS.published);
    },
    'POST /api/Shop.ResourceSharing/withdraw': ({ body }) => {
      const id = (body as { id: number }).id;
      if (!state.mine.some((e) => e.id === id)) return reply.refused(RESOURCE_TEXTS.notFound);
      state.mine = state.mine.filter((e) => e.id !== id);
      return reply.ok(null, RESOURCE_TEXTS.withdrawn);
    },
  };
}

/**
 * The learning centre as the server keeps it for the account (/api/Shop.StudyCentre/*, newest
 * first as given): the categories with published items and their counts, the list by category,
 * the detail (`details` overrides a body), and progress that only grows.
 */
export interface StudyWorld {
  categories: { id: number; name: string }[];
  items: StudyItem[];
  details: Record<number, Partial<StudyDetail>>;
}

export function studyHandlers(state: StudyWorld): StubRoutes {
  return {
    'GET /api/Shop.StudyCentre/getCategoryList': (): StudyCategory[] =>
      state.categories
        .map((c) => ({ ...c, count: state.items.filter((i) => i.category_id === c.id).length }))
        .filter((c) => c.count > 0),
    'GET /api/Shop.StudyCentre/index': ({ query }) => {
      const category = Number(query.category_id ?? 0);
      const rows = category ? state.items.filter((i) => i.category_id === category) : state.items;
      return pageOf(rows, query, Number(query.limit ?? 12));
    },
    'GET /api/Shop.StudyCentre/detail': ({ query }) => {
      const item = state.items.find((i) => i.id === Number(query.id));
      if (!item) return reply.refused(STUDY_TEXTS.articleNotFound);
      return makeStudyDetail(item, state.details[item.id]);
    },
    'POST /api/Shop.StudyCentre/progress': ({ body }) => {
      const { id, progress } = body as { id: number; progress: number };
      const item = state.items.find((i) => i.id === id);
      if (!item) return reply.refused(STUDY_TEXTS.articleNotFound);
      item.progress = Math.max(item.progress, progress);
      return { id, progress: item.progress };
    },
  };
}
