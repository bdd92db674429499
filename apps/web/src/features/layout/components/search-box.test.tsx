import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LocationProbe, renderRoutes } from '../../../test/render-route';
import { stubServerPerTest } from '../../../test/server/stub-server';
import { SearchBox } from './search-box';
import { normaliseKeyword, planSearch } from '../search';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

stubServerPerTest(() => ({
  'GET /api/Shop.Index/hot_keywords_list': () => ({ hot_keywords: '机油滤清器，刹车片, 火花塞' }),
}));

function renderBox() {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox />
            <LocationProbe />
          </>
        ),
      },
    ],
    ['/home'],
  );
  return screen.getByLabelText('搜索关键词') as HTMLTextAreaElement;
}

const location = () => screen.getByTestId('where').textContent ?? '';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('search rules', () => {
  it('collapses blank lines and trims every line', () => {
    expect(normaliseKeyword('  A1 \n\n \r\n B2  \n')).toBe('A1\nB2');
  });

  it('tells blank input, VINs and keywords apart', () => {
    expect(planSearch(' \n ')).toEqual({ kind: 'empty' });
    expect(planSearch(' 1m8gdm9axkp042788 ')).toEqual({ kind: 'vin', vin: '1M8GDM9AXKP042788' });
    // Right length and characters but a wrong check digit: an ordinary keyword.
    // A wrong check digit is no longer searched as a number right away (a mistyped VIN).
    expect(planSearch('1M8GDM9A1KP042788')).toMatchObject({ kind: 'mistyped-vin', keyword: '1M8GDM9A1KP042788' });
    expect(planSearch('1M8GDM9A1KP042788').kind === 'mistyped-vin' && planSearch('1M8GDM9A1KP042788')).toMatchObject({
      corrections: expect.arrayContaining(['1M8GDM9AXKP042788']),
    });
    expect(planSearch('1M8GDM9AXKP042788\nA1')).toEqual({ kind: 'keyword', keyword: '1M8GDM9AXKP042788\nA1' });
    // A VIN written in groups, as on a plate or a registration copy.
    expect(planSearch('LE4 AA1A1 1KA 123456')).toEqual({ kind: 'vin', vin: 'LE4AA1A11KA123456' });
    expect(planSearch('le4-aa1a1-1ka123456')).toEqual({ kind: 'vin', vin: 'LE4AA1A11KA123456' });
    // Lines are never joined into a VIN; a spaced part number stays a keyword.
    expect(planSearch('LE4AA1A11\nKA123456')).toEqual({ kind: 'keyword', keyword: 'LE4AA1A11\nKA123456' });
    expect(planSearch('A 000 420 04 20')).toEqual({ kind: 'keyword', keyword: 'A 000 420 04 20' });
  });
});

describe('SearchBox', () => {
  it('blank input shows the error, shakes for 1 s and then takes the focus', async () => {
    const input = renderBox();
    fireEvent.change(input, { target: { value: '  \n ' } });
    const started = Date.now();
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    expect(await screen.findByText('请先输入搜索关键词')).toBeTruthy();
    expect(screen.getByTestId('search-box').className).toMatch(/shake/);
    expect(document.activeElement).not.toBe(input);
    await waitFor(() => expect(document.activeElement).toBe(input), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(screen.getByTestId('search-box').className).not.toMatch(/shake/);
    expect(location()).toBe('/home');
  });

  it('Ctrl+Enter adds a line at the caret instead of searching', () => {
    const input = renderBox();
    fireEvent.change(input, { target: { value: 'A1B2' } });
    input.setSelectionRange(2, 2);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(input.value).toBe('A1\nB2');
    expect(location()).toBe('/home');
  });

  it('Enter searches all lines with a timestamp', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const input = renderBox();
    fireEvent.change(input, { target: { value: ' 04E115561H \n\n06J115403Q ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const url = new URL(location(), 'http://x');
    expect(url.pathname).toBe('/parts/result');
    expect(url.searchParams.get('keyword')).toBe('04E115561H\n06J115403Q');
    expect(url.searchParams.get('t')).toBe('1700000000000');
  });

  it('Enter during IME composition does not search', () => {
    const input = renderBox();
    fireEvent.change(input, { target: { value: '刹车' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(location()).toBe('/home');
  });

  it('a valid VIN shows a message and goes to the VIN result after 1 s', async () => {
    const input = renderBox();
    fireEvent.change(input, { target: { value: '1m8gdm9axkp042788' } });
    const started = Date.now();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(/检测到车架号/)).toBeTruthy();
    expect(location()).toBe('/home');
    await waitFor(() => expect(location()).toBe('/parts/vin_result?vin=1M8GDM9AXKP042788'), { timeout: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('shows hot keywords under the box and searches one on click', async () => {
    renderBox();
    fireEvent.click(await screen.findByRole('button', { name: '刹车片' }));
    expect(new URL(location(), 'http://x').searchParams.get('keyword')).toBe('刹车片');
    expect(screen.getByRole('button', { name: '火花塞' })).toBeTruthy();
  });

  it('the clear button empties the box', async () => {
    const input = renderBox();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(input.value).toBe(''));
  });
});

describe('a mistyped VIN (wrong check digit)', () => {
  it('says so instead of searching, and its nearest valid reading goes to the VIN result', async () => {
    expect(planSearch('LBVGB1A17JA2O4518')).toMatchObject({
      kind: 'mistyped-vin',
      corrections: ['LBVGB1A17JA204518'],
    });
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'LBVGB1A17JA2O4518' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    expect(await screen.findAllByText('VIN 校验位不正确，疑似车架号输错了一位')).not.toHaveLength(0);
    // No part search ran.
    expect(location()).toBe('/home');
    const offered = within(screen.getByTestId('vin-corrections')).getByRole('button', { name: 'LBVGB1A17JA204518' });
    fireEvent.click(offered);
    await waitFor(() => expect(location()).toBe('/parts/vin_result?vin=LBVGB1A17JA204518'));
  });

  it('can still be searched as a part number', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: 'LBVGB1A18JA204518' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    fireEvent.click(await screen.findByRole('button', { name: '仍按配件号搜索' }));
    await waitFor(() => expect(location()).toMatch(/^\/parts\/result\?keyword=LBVGB1A18JA204518&t=\d+$/));
  });
});
