import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { LocationProbe, renderRoutes } from '../../test/render-route';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { checkSpreadsheetFile } from './import-api';
import { MultiNumberBox } from './multi-number-box';

configure({ asyncUtilTimeout: 5000 });

const server = stubServerPerTest();
const imports = () => server.callsTo('POST /api/Shop.Accessories/fromxls');

function renderBox() {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <MultiNumberBox />
            <LocationProbe />
          </>
        ),
      },
    ],
    ['/home'],
  );
  return screen.getByLabelText('多号搜索编号') as HTMLTextAreaElement;
}

const searched = () => new URLSearchParams(screen.getByTestId('where').textContent!.split('?')[1]).get('keyword');

describe('the multi-number box', () => {
  it('has the title, the hint and import / reset / search', () => {
    const box = renderBox();
    expect(screen.getByText('多号搜索')).toBeTruthy();
    expect(box.placeholder).toContain('每行一个');
    expect(box.placeholder).toContain('=数量');
    for (const name of [/导\s*入/, /重\s*置/, /搜\s*索/]) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('searches the normalised numbers, one number=quantity per line', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: ' A 000 420 04 20 (2)\n\n34116858652\t3\n福瑞BK-1001' } });
    expect(screen.getByText('已输入 3 个编号，最多 500 个')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(searched()).toBe('A0004200420=2\n34116858652=3\nFRBK-1001'));
    expect(screen.getByTestId('where').textContent).toMatch(/^\/parts\/result\?keyword=.*&t=\d+$/);
  });

  it('refuses an empty box and more than 500 numbers', async () => {
    const box = renderBox();
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await screen.findByText('请输入配件编号，每行一个');
    fireEvent.change(box, { target: { value: Array.from({ length: 501 }, (_, i) => `N${i}`).join('\n') } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await screen.findByText('一次最多查询 500 个编号，当前有 501 个，请删减或分批查询');
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });

  it('reset empties the box', () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'A0004200420' } });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(box.value).toBe('');
  });
});

describe('the import dialog', () => {
  const upload = (file: File) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  };
  const xlsx = (name = '询价单.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name);
  const confirm = () => screen.getByRole('button', { name: /确\s*定/ }) as HTMLButtonElement;

  it('fails, retries, succeeds; confirm only after success puts the text in the box', async () => {
    const box = renderBox();
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    await screen.findByText('导入说明');
    expect(
      screen
        .getByText(/下载导入模板/)
        .closest('a')!
        .getAttribute('href'),
    ).toBe('/api/Shop.Accessories/template');
    expect(confirm().disabled).toBe(true);

    server.use({ 'POST /api/Shop.Accessories/fromxls': () => reply.refused('表格中有合并单元格，请取消合并后再导入') });
    upload(xlsx());
    await screen.findByText('导入失败');
    expect(screen.getByText('表格中有合并单元格，请取消合并后再导入')).toBeTruthy();
    expect(confirm().disabled).toBe(true);

    server.use({
      'POST /api/Shop.Accessories/fromxls': () => reply.ok('A0004200420=2\n34116858652=1', '导入成功，共 2 个编号'),
    });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await screen.findByText('导入成功');
    expect(screen.getByText('询价单.xlsx：导入成功，共 2 个编号')).toBeTruthy();
    expect(imports()).toHaveLength(2);
    expect((imports()[1]!.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(box.value).toBe('A0004200420=2\n34116858652=1'));
  });

  it('refuses other types and files over 10M before uploading', async () => {
    renderBox();
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    await screen.findByText('导入说明');
    upload(new File(['x'], 'list.docx'));
    await screen.findByText('只能导入 .xls 或 .xlsx 格式的表格文件');
    expect(imports()).toHaveLength(0);
    expect(checkSpreadsheetFile({ name: 'a.XLS', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkSpreadsheetFile({ name: 'a.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe('文件大小不能超过 10M');
  });
});
