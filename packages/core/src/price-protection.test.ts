import { describe, expect, it } from 'vitest';
import { boughtWithinWindow, compensationPerUnit, daysBetween, protectionDaysTable } from './price-protection';

describe('price protection rules', () => {
  it('counts China days between a purchase and a change, across a month end', () => {
    expect(daysBetween('2026-09-30', '2026-11-29')).toBe(60);
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
  });

  it('protects day 60 of a 60-day part and not day 61, nor a purchase after the change', () => {
    expect(boughtWithinWindow('2026-09-30', '2026-11-29', 60)).toBe(true);
    expect(boughtWithinWindow('2026-09-29', '2026-11-29', 60)).toBe(false);
    expect(boughtWithinWindow('2026-06-02', '2026-11-29', 180)).toBe(true);
    expect(boughtWithinWindow('2026-06-01', '2026-11-29', 180)).toBe(false);
    expect(boughtWithinWindow('2026-11-30', '2026-11-29', 60)).toBe(false);
  });

  it('compensates the unit difference of a drop only, to the cent', () => {
    expect(compensationPerUnit('100.00', '87.35')).toBe('12.65');
    expect(compensationPerUnit('0.30', '0.10')).toBe('0.20');
    expect(compensationPerUnit('90.00', '90.00')).toBeNull();
    expect(compensationPerUnit('90.00', '95.00')).toBeNull();
  });

  it('lists the days per class', () => {
    expect(protectionDaysTable()).toEqual([
      { classes: 'A、XA、B、XB', days: 60 },
      { classes: 'C、XC、D、XD', days: 180 },
    ]);
  });
});
