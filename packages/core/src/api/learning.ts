import { z } from 'zod';
import { idInput } from './id-input';
import { pageOf } from './page';
import {
  AdminContentCategory,
  ContentCategory,
  contentCategoryInput,
  contentPaging,
  mediaPath as mediaPathOf,
  requiredText,
} from './content-shared';

/**
 * The learning centre (/profile/study_centre; dealer calls /api/Shop.StudyCentre/*, staff calls
 * /api/admin/study/* under content.manage). Dates are China time 'YYYY-MM-DD HH:mm'.
 */

export const STUDY_TEXTS = {
  categoryNotFound: '分类不存在',
  articleNotFound: '内容不存在或已下架',
  progressBad: '进度应为 0 到 100 的整数',
  nameRequired: '请填写分类名称',
  nameTooLong: '分类名称不能超过 20 个字',
  titleRequired: '请填写标题',
  titleTooLong: '标题不能超过 60 个字',
  summaryTooLong: '简介不能超过 200 个字',
  bodyTooLong: '正文不能超过 20000 个字',
  mediaBad: '图片或视频地址不正确',
  videoRequired: '视频内容请上传视频',
  categoryInUse: '该分类下还有内容，不能删除',
  empty: '暂无学习内容',
} as const;

export const STUDY_KINDS = { article: '图文', video: '视频' } as const;
export type StudyKind = keyof typeof STUDY_KINDS;

export const StudyCategory = ContentCategory;
export type StudyCategory = z.infer<typeof StudyCategory>;

export const StudyListQuery = z.object({
  category_id: idInput(STUDY_TEXTS.categoryNotFound).optional(),
  ...contentPaging(50, 12),
});

export const StudyItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  kind: z.enum(['article', 'video']),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  published_at: z.string(),
  /** The caller's progress, 0 to 100. */
  progress: z.number().int(),
});
export type StudyItem = z.infer<typeof StudyItem>;
export const StudyPage = pageOf(StudyItem);
export type StudyPage = z.infer<typeof StudyPage>;

export const StudyIdQuery = z.object({ id: idInput(STUDY_TEXTS.articleNotFound) });

export const StudyDetail = StudyItem.extend({ body: z.string(), video_url: z.string() });
export type StudyDetail = z.infer<typeof StudyDetail>;

export const StudyProgressRequest = z.object({
  id: idInput(STUDY_TEXTS.articleNotFound),
  progress: z.coerce
    .number(STUDY_TEXTS.progressBad)
    .int(STUDY_TEXTS.progressBad)
    .min(0, STUDY_TEXTS.progressBad)
    .max(100, STUDY_TEXTS.progressBad),
});
export const StudyProgressResponse = z.object({ id: z.number().int(), progress: z.number().int() });

// ---- back office ----

const mediaPath = mediaPathOf(STUDY_TEXTS.mediaBad);

export const StudyCategoryInput = contentCategoryInput(STUDY_TEXTS);
export const AdminStudyCategory = AdminContentCategory;
export type AdminStudyCategory = z.infer<typeof AdminStudyCategory>;

export const StudyArticleInput = z
  .object({
    category_id: idInput(STUDY_TEXTS.categoryNotFound),
    kind: z.enum(['article', 'video']).default('article'),
    title: requiredText(60, STUDY_TEXTS.titleRequired, STUDY_TEXTS.titleTooLong),
    summary: z.string().trim().max(200, STUDY_TEXTS.summaryTooLong).default(''),
    cover: mediaPath,
    body: z.string().max(20_000, STUDY_TEXTS.bodyTooLong).default(''),
    video_url: mediaPath,
    published: z.boolean().default(false),
  })
  .refine((a) => a.kind !== 'video' || a.video_url !== '', { message: STUDY_TEXTS.videoRequired, path: ['video_url'] });
export type StudyArticleInput = z.input<typeof StudyArticleInput>;

export const AdminStudyArticle = StudyDetail.omit({ progress: true }).extend({
  published: z.boolean(),
  readers: z.number().int(),
  updated_at: z.string(),
});
export type AdminStudyArticle = z.infer<typeof AdminStudyArticle>;
export const AdminStudyQuery = z.object({
  category_id: idInput(STUDY_TEXTS.categoryNotFound).optional(),
  ...contentPaging(100, 20),
});
export const AdminStudyPage = pageOf(AdminStudyArticle);
export type AdminStudyPage = z.infer<typeof AdminStudyPage>;
