import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { idRef, moment, timestamps, writtenAt } from './columns';
import { ownerColumns } from './owner-columns';

/** The learning centre (/profile/study_centre): categories, articles and videos staff publish, read progress per account. */

export const studyCategories = pgTable(
  'study_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('study_categories_sort_idx').on(t.sort, t.id)],
);

export const studyKind = pgEnum('study_kind', ['article', 'video']);

/** An article (text with pictures) or a video; dealers see it once published. */
export const studyArticles = pgTable(
  'study_articles',
  {
    id: serial().primaryKey(),
    categoryId: idRef(() => studyCategories.id),
    kind: studyKind().notNull().default('article'),
    title: text().notNull(),
    summary: text().notNull().default(''),
    /** Cover picture path ('' for none). */
    cover: text().notNull().default(''),
    /** The article's text: paragraphs separated by blank lines; a line '![](path)' is a picture. */
    body: text().notNull().default(''),
    /** The video's path (kind video). */
    videoUrl: text().notNull().default(''),
    published: boolean().notNull().default(false),
    publishedAt: moment(),
    ...timestamps(),
  },
  (t) => [
    index('study_articles_category_idx').on(t.categoryId, t.publishedAt),
    check('study_articles_video_check', sql`${t.kind} <> 'video' or ${t.videoUrl} <> ''`),
  ],
);

/** How far an account got in an article or video (percent); finished at 100. */
export const studyProgress = pgTable(
  'study_progress',
  {
    ...ownerColumns(),
    articleId: idRef(() => studyArticles.id, { onDelete: 'cascade' }),
    progress: smallint().notNull().default(0),
    finishedAt: moment(),
    updatedAt: writtenAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.articleId] }),
    check('study_progress_range_check', sql`${t.progress} between 0 and 100`),
  ],
);
