import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { BatchSearchGroup, BatchSearchResult } from '@shop/core/api/bulk-search';
import type * as PartDisplay from '@shop/core/part-display';
import { usePreferences } from '../../lib/preferences';
import { testProfile } from '../../components/part-row/test-fixtures';
import type * as GroupSelection from '../../components/part-group/selection';
import { makePartRow as testProductRow } from '../../test/server/factories';
import { stubServerPerTest } from '../../test/server/stub-server';
import { catalogQueries } from './api/catalog-queries';
import { MultiNumberResult } from './multi-number-result';
import type * as Selection from './multi-number-selection';
import { renderWithProviders, testQueryClient } from '../../test/render-route';

/**
 * Render counts of the multi-number result (behaviour, not timing): every render of a line's
 * group calls groupStatusText, of a part group selectAllState, of a row's content (everything
 * but the tick cell) visiblePriceLabels; the spies count those calls.
 */
const renders = vi.hoisted(() => ({ lineGroups: [] as number[], partGroups: 0, rowContents: [] as number[] }));

vi.mock('./multi-number-selection', async (importOriginal) => {
  const mod = await importOriginal<typeof Selection>();
  return {
    ...mod,
    groupStatusText: (group: BatchSearchGroup) => {
      renders.lineGroups.push(group.line);
      return mod.groupStatusText(group);
    },
  };
});
vi.mock('../../components/part-group/selection', async (importOriginal) => {
  const mod = await importOriginal<typeof GroupSelection>();
  return {
    ...mod,
    selectAllState: (...args: Parameters<typeof mod.selectAllState>) => {
      renders.partGroups++;
      return mod.selectAllState(...args);
    },
  };
});
vi.mock('@shop/core/part-display', async (importOriginal) => {
  const mod = await importOriginal<typeof PartDisplay>();
  return {
    ...mod,
    cartonText: (...args: Parameters<typeof mod.cartonText>) => {
      renders.rowContents.push(renders.rowContents.length);
      return mod.cartonText(...args);
    },
  };
});

const LINES = 12;

/** Twelve lines: every third has two parts, the last one is not found. */
function result(): BatchSearchResult {
  let id = 1;
  const groups: BatchSearchGroup[] = Array.from({ length: LINES }, (_, i) => {
    const parts = i === LINES - 1 ? 0 : i % 3 === 0 ? 2 : 1;
    return {
      line: i + 1,
      number: `N${i + 1}`,
      raw: `N${i + 1}=${i + 1}`,
      quantity: i + 1,
      status: parts === 0 ? 'not_found' : parts > 1 ? 'ambiguous' : 'found',
      matched_number: '',
      list: Array.from({ length: parts }, () => testProductRow(id++)),
    };
  });
  return { groups, found: LINES - 1, not_found: 1 };
}

// The answer is in the cache already: a call to the server fails the test's request (unmatched).
const server = stubServerPerTest();

function renderPage() {
  const client = testQueryClient({ staleTime: Infinity });
  client.setQueryData(catalogQueries.batchSearch('N1\nN2', 1, '1').queryKey, result());
  renderWithProviders(<MultiNumberResult keyword={'N1\nN2'} t="1" />, { profile: testProfile, client });
}

function resetCounts() {
  renders.lineGroups = [];
  renders.partGroups = 0;
  renders.rowContents = [];
}

const rowBox = (id: number) => within(screen.getByTestId(`part-row-${id}`)).getByLabelText(/^选择/) as HTMLInputElement;
const groupBox = (line: number) =>
  within(screen.getByTestId(`line-group-${line}`)).getByLabelText('全选') as HTMLInputElement;
const pageBox = () => screen.getByLabelText('全选全部结果') as HTMLInputElement;
const summary = () => screen.getByTestId('multi-number-toolbar').textContent;

beforeEach(() => {
  usePreferences.setState({ warehouse: 1, defaultWarehouse: 1, showPrice: true });
});
afterEach(() => expect(server.unmatched).toEqual([]));

describe('multi-number result re-renders only what a tick changes', () => {
  it('ticking one row re-renders its own group only, not the other groups nor any row content', () => {
    renderPage();
    expect(screen.getAllByTestId(/^line-group-/)).toHaveLength(LINES);
    resetCounts();

    fireEvent.click(rowBox(2)); // line 1's second part
    expect(rowBox(2).checked).toBe(true);
    expect(summary()).toContain('已选 1 项');
    expect(renders.lineGroups).toEqual([1]);
    expect(renders.partGroups).toBe(1);
    expect(renders.rowContents).toHaveLength(0);

    resetCounts();
    fireEvent.click(groupBox(5));
    expect(summary()).toContain('已选 2 项');
    expect(renders.lineGroups).toEqual([5]);
    expect(renders.partGroups).toBe(1);
    expect(renders.rowContents).toHaveLength(0);
  });

  it('select-all re-renders only the groups whose ticks change, never the rows’ content', () => {
    renderPage();
    fireEvent.click(groupBox(2));
    resetCounts();

    fireEvent.click(pageBox());
    expect(pageBox().checked).toBe(true);
    expect(summary()).toContain(`已选 15 项`);
    // line 2 was ticked already, the not-found line has nothing to tick
    expect(renders.lineGroups.sort((a, b) => a - b)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(renders.rowContents).toHaveLength(0);

    resetCounts();
    fireEvent.click(rowBox(1));
    expect(renders.lineGroups).toEqual([1]);
    expect(pageBox().checked).toBe(false);
    expect(summary()).toContain('已选 14 项');
  });

  it('editing a quantity re-renders that row’s content only', () => {
    renderPage();
    resetCounts();
    fireEvent.change(within(screen.getByTestId('part-row-3')).getByLabelText('数量'), { target: { value: '7' } });
    expect((within(screen.getByTestId('part-row-3')).getByLabelText('数量') as HTMLInputElement).value).toBe('7');
    expect(renders.lineGroups).toEqual([]);
    expect(renders.partGroups).toBe(0);
    expect(renders.rowContents).toHaveLength(1);
  });
});
