import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { envelopeResponse } from '../../components/part-row/test-fixtures';
import { renderRoutes, stubFetchPerTest } from '../../test/render-route';
import { CategoryPage } from './category-page';

const fetchMock = stubFetchPerTest();

const BRAKES = { product_type_id: 2, l_name_zh: '制动系统' };

function renderAt(url: string) {
  renderRoutes([{ path: '/parts/category', element: <CategoryPage level={2} /> }], [url]);
}

describe('CategoryPage', () => {
  it('a category the server refuses is missing', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('getCategoryChild')
        ? envelopeResponse(null, 201, '分类不存在')
        : envelopeResponse({ total: 0, page: 1, limit: 20, list: [] }),
    );
    renderAt('/parts/category?id=999');
    expect(await screen.findByText('分类不存在', { selector: '.ant-result-title' })).toBeTruthy();
    // Said once, not again as the subtitle.
    expect(screen.getAllByText('分类不存在')).toHaveLength(1);
  });

  it('a server error is not a missing category: it says so and can be retried', async () => {
    let calls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (!String(url).includes('getCategoryChild'))
        return envelopeResponse({ total: 0, page: 1, limit: 20, list: [] });
      calls += 1;
      return calls === 1
        ? new Response('oops', { status: 500 })
        : envelopeResponse({ list: [], breadcrumbs: [BRAKES] });
    });
    renderAt('/parts/category?id=2');
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.queryByText('分类不存在')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('heading', { name: '制动系统' })).toBeTruthy();
  });
});
