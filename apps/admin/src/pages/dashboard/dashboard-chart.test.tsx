import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { DashboardChart } from './dashboard-chart';

/** Where `text` is drawn from the top of the chart: its own translate and its groups'. */
function topOf(text: Element): number {
  let y = 0;
  for (let node: Element | null = text; node && node.tagName.toLowerCase() !== 'svg'; node = node.parentElement) {
    const move = /translate\(\s*[-\d.]+[ ,]+([-\d.]+)\s*\)/.exec(node.getAttribute('transform') ?? '');
    const matrix = /matrix\((?:\s*[-\d.]+[ ,]+){5}([-\d.]+)\s*\)/.exec(node.getAttribute('transform') ?? '');
    y += Number(move?.[1] ?? matrix?.[1] ?? 0);
  }
  return y;
}

// jsdom lays nothing out: the chart's box gets the size the page gives it (the card's width, 280 high).
const sizes = ['clientWidth', 'clientHeight'] as const;
beforeEach(() => {
  for (const key of sizes)
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get: () => (key === 'clientWidth' ? 1000 : 280),
    });
});
afterEach(() => {
  for (const key of sizes) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
});

describe('the dashboard chart', () => {
  it('draws its legend above the plot, clear of the days along the bottom', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      orders: i % 4,
      sales: `${i * 100}.00`,
    }));
    const { container } = render(<DashboardChart days={days} />);
    const texts = [...container.querySelectorAll('text')];
    const legend = texts.find((t) => t.textContent === '订单数');
    const firstDay = texts.find((t) => t.textContent === '11-01');
    expect(legend && firstDay).toBeTruthy();
    expect(topOf(legend!)).toBeLessThan(40);
    expect(topOf(firstDay!)).toBeGreaterThan(240);
  });
});
