import { z } from 'zod';
import { REPORT_TEXTS, reportPeriodProblem } from '../report-rules';

/**
 * The partner report (spec.md section 7, docs/report.md): POST /api/Shop.Report/partnerSaleSummary
 * and GET /api/Shop.Report/partnerSaleExport (.xlsx).
 */
const month = z.string({ error: REPORT_TEXTS.badMonth }).trim().max(7, REPORT_TEXTS.badMonth);

export const ReportPeriod = z
  .object({ start_month: month.optional(), end_month: month.optional() })
  .superRefine((v, ctx) => {
    if (v.start_month === undefined && v.end_month === undefined) return;
    const problem = reportPeriodProblem(v.start_month ?? '', v.end_month ?? '');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type ReportPeriod = z.infer<typeof ReportPeriod>;

/** Net purchases (order lines less completed returns) of a period and of the same months a year earlier. */
const figures = {
  quantity: z.number().int(),
  amount: z.string(),
  last_quantity: z.number().int(),
  last_amount: z.string(),
  /** Change of the amount against last year in percent ('12.5'); null when last year had none. */
  yoy: z.string().nullable(),
};
export const ReportFigures = z.object(figures);
export const ReportMonth = z.object({ month: z.string(), last_month: z.string(), ...figures });
export const ReportGroup = z.object({ id: z.number().int(), name: z.string(), ...figures });
export const ReportPart = z.object({
  product_id: z.number().int(),
  frey_no: z.string(),
  l_name_zh: z.string(),
  make_name: z.string(),
  category_name: z.string(),
  ...figures,
});

export const PartnerSaleSummary = z.object({
  start_month: z.string(),
  end_month: z.string(),
  last_start_month: z.string(),
  last_end_month: z.string(),
  total: ReportFigures,
  months: z.array(ReportMonth),
  /** By top-level category (the five groups). */
  categories: z.array(ReportGroup),
  makes: z.array(ReportGroup),
  /** The parts with the largest amounts (REPORT_PART_ROWS); part_count tells how many there are. */
  parts: z.array(ReportPart),
  part_count: z.number().int(),
});
export type PartnerSaleSummary = z.infer<typeof PartnerSaleSummary>;
export type ReportMonth = z.infer<typeof ReportMonth>;
export type ReportGroup = z.infer<typeof ReportGroup>;
export type ReportPart = z.infer<typeof ReportPart>;
