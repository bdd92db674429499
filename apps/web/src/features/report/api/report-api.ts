import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PartnerSaleSummary, ReportPeriod } from '@shop/core/api/report';
import { apiDownload, apiPost, saveDownloadedFile, type DownloadProgress } from '../../../lib/api-client';

/** The partner report (/api/Shop.Report/*, docs/report.md). */
export const reportQueries = {
  summary: (period: Required<ReportPeriod>) =>
    queryOptions({
      queryKey: ['report', 'summary', period] as const,
      queryFn: ({ signal }) => apiPost<PartnerSaleSummary>('/api/Shop.Report/partnerSaleSummary', period, { signal }),
      placeholderData: keepPreviousData,
    }),
};

/** The report with every part as .xlsx. */
export async function downloadReport(period: Required<ReportPeriod>, onProgress: DownloadProgress): Promise<void> {
  saveDownloadedFile(await apiDownload('/api/Shop.Report/partnerSaleExport', period, '采购报表.xlsx', { onProgress }));
}
