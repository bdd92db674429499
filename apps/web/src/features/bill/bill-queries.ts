import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatementDetail, StatementList } from '@shop/core/api/statements';
import { apiDownload, request, saveDownloadedFile, type DownloadOptions } from '../../lib/api-client';
import { getQuery, pageQuery } from '../../lib/api-queries';

/**
 * The statement calls (spec.md section 7 'Messages and statements', Shop.CustomerStatement;
 * docs/statements.md). A confirm or a dispute invalidates the ['statements'] prefix.
 */
export const STATEMENT_PATH = '/api/Shop.CustomerStatement';

export const billKeys = {
  all: () => ['statements'] as const,
  list: (page: number) => [...billKeys.all(), 'list', page] as const,
  detail: (id: number) => [...billKeys.all(), 'detail', id] as const,
};

export const billQueries = {
  list: (page: number, limit = 12) =>
    pageQuery<StatementList>(
      billKeys.list(page),
      'GET',
      `${STATEMENT_PATH}/list`,
      { page, limit },
      { showError: false },
    ),
  /** The statement of one month (a link to a month that is not on the list's page). */
  month: (month: string) =>
    pageQuery<StatementList>(
      [...billKeys.all(), 'month', month],
      'GET',
      `${STATEMENT_PATH}/list`,
      { page: 1, limit: 1, month },
      { showError: false },
    ),
  detail: (id: number) => ({
    ...getQuery<StatementDetail>(billKeys.detail(id), `${STATEMENT_PATH}/detail`, { id }),
    meta: { showError: false },
  }),
};

/** Confirm (confirmReconciliation) or dispute (with a note); answers the server's message. */
export function useStatementAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: 'confirm'; id: number } | { kind: 'dispute'; id: number; note: string }) => {
      const path = action.kind === 'confirm' ? 'confirmReconciliation' : 'dispute';
      const body = action.kind === 'confirm' ? { id: action.id } : { id: action.id, note: action.note };
      return (await request<null>('POST', `${STATEMENT_PATH}/${path}`, { body })).msg;
    },
    onSettled: () => client.invalidateQueries({ queryKey: billKeys.all() }),
  });
}

export async function downloadStatement(
  id: number,
  format: 'xlsx' | 'pdf',
  fallbackName: string,
  options?: DownloadOptions,
): Promise<void> {
  saveDownloadedFile(await apiDownload(`${STATEMENT_PATH}/export`, { id, format }, fallbackName, options));
}
