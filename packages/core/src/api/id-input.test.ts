import { describe, expect, it } from 'vitest';
import { ID_MAX } from '../constants';
import { idInput, idOf } from './id-input';

describe('ids written in an address or a form', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(ID_MAX), ID_MAX],
  ])('reads %s as the id idInput takes', (text, id) => {
    expect(idOf(text)).toBe(id);
    expect(idInput('x').parse(text)).toBe(id);
  });

  it.each(['', '0', '-1', '1.5', '1e3', ' 12', '12 ', '0x10', 'abc', String(ID_MAX + 1), '99999999999'])(
    'reads %j as no id',
    (text) => {
      expect(idOf(text)).toBeUndefined();
    },
  );

  it('reads nothing as no id', () => {
    expect(idOf(null)).toBeUndefined();
    expect(idOf(undefined)).toBeUndefined();
  });
});
