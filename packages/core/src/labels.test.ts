import { describe, expect, it } from 'vitest';
import { labelKeys, labelLookup } from './labels';

describe('label maps', () => {
  const COLOURS = { red: '红色', green: '绿色' } as const;

  it('lists the keys in the order written', () => {
    expect(labelKeys(COLOURS)).toEqual(['red', 'green']);
  });

  it("looks a key's label up, and answers the key itself for one the map does not name", () => {
    const colourText = labelLookup(COLOURS);
    expect(colourText('green')).toBe('绿色');
    expect(colourText('blue')).toBe('blue');
    expect(colourText('constructor')).toBe('constructor');
  });
});
