import { describe, expect, test } from 'vitest';
import { compactName } from '../src/modules/search/name-text';
import {
  matchVehicleKeyword,
  vehicleIndex,
  vehicleKey,
  type MakeName,
  type SeriesName,
} from '../src/modules/search/vehicle-keyword';

const SERIES: SeriesName[] = [
  { id: 1, make: '宝马', name: '3系' },
  { id: 2, make: '宝马', name: '5系' },
  { id: 3, make: '宝马', name: 'X5' },
  { id: 4, make: '本田', name: 'CR-V' },
  { id: 5, make: '丰田', name: 'RAV4荣放' },
  { id: 6, make: '路虎', name: '揽胜' },
  { id: 7, make: '路虎', name: '揽胜运动' },
  { id: 8, make: '奔驰', name: 'C级' },
  { id: 9, make: '奔驰', name: 'GLC' },
];

describe('compactName', () => {
  test('a name typed full- or half-width, with spaces, in any case compares equal', () => {
    expect(compactName('前刹车片（陶瓷）')).toBe(compactName('前刹车片(陶瓷)'));
    expect(compactName('全合成机油 ０Ｗ－２０')).toBe('全合成机油0w-20');
    expect(compactName('机油　滤清器')).toBe('机油滤清器');
  });
});

describe('vehicleKey', () => {
  test('folds case, width and the separators of model names', () => {
    expect(vehicleKey('CR-V')).toBe('crv');
    expect(vehicleKey('ＣＲ－Ｖ')).toBe('crv');
    expect(vehicleKey('宝马 X5')).toBe('宝马x5');
    expect(vehicleKey('A4L')).toBe('a4l');
  });
});

const MAKES: MakeName[] = [
  { id: 1, name: '宝马' },
  { id: 2, name: '本田' },
  { id: 3, name: '路虎' },
];

/** A series match as { seriesId, rest }, for the table below. */
function seriesMatch(series: readonly SeriesName[], keyword: string) {
  const match = matchVehicleKeyword(vehicleIndex(series, MAKES), keyword);
  return match?.scope.kind === 'series' ? { seriesId: match.scope.id, rest: match.rest } : null;
}

describe('matchVehicleKeyword: a series', () => {
  test.each([
    ['宝马5系 刹车片', 2, '刹车片'],
    ['宝马5系刹车片', 2, '刹车片'],
    ['5系 刹车片', 2, '刹车片'],
    // Series spelled with Latin letters, typed in any case.
    ['宝马X5 刹车片', 3, '刹车片'],
    ['宝马x5刹车片', 3, '刹车片'],
    ['x5 刹车片', 3, '刹车片'],
    ['本田CR-V 刹车片', 4, '刹车片'],
    ['本田crv 刹车片', 4, '刹车片'],
    ['cr v 机油滤清器', 4, '机油滤清器'],
    ['ＲＡＶ４荣放 机油', 5, '机油'],
    ['GLC 空气滤清器', 9, '空气滤清器'],
    // The rest keeps what the name search compares (dashes inside a part name stay).
    ['本田CR-V 机油 0W-20', 4, '机油0w-20'],
    ['本田CR-V-刹车片', 4, '刹车片'],
    ['宝马Ｘ５　前刹车片（陶瓷）', 3, '前刹车片(陶瓷)'],
  ])('%s → series %i, name %s', (keyword, seriesId, rest) => {
    expect(seriesMatch(SERIES, keyword)).toEqual({ seriesId, rest });
  });

  test('the longest series name wins: 揽胜运动 over 揽胜', () => {
    expect(seriesMatch(SERIES, '揽胜运动 刹车片')).toEqual({ seriesId: 7, rest: '刹车片' });
    expect(seriesMatch(SERIES, '路虎揽胜 刹车片')).toEqual({ seriesId: 6, rest: '刹车片' });
  });

  test('among equally long names the lowest id', () => {
    const twins: SeriesName[] = [
      { id: 12, make: '甲', name: 'A3' },
      { id: 11, make: '乙', name: 'A3' },
    ];
    expect(seriesMatch(twins, 'A3 刹车片')).toEqual({ seriesId: 11, rest: '刹车片' });
  });

  test.each([
    ['刹车片', 'no series'],
    ['宝马X5', 'nothing after the series'],
    ['奥迪A4L 刹车片', 'a series not in the list'],
  ])('%s: none (%s)', (keyword) => {
    expect(seriesMatch(SERIES, keyword)).toBeNull();
  });
});

describe('matchVehicleKeyword: a make without a series', () => {
  test.each([
    ['宝马 刹车片', 1, '刹车片'],
    ['宝马刹车片', 1, '刹车片'],
    ['本田 机油滤清器', 2, '机油滤清器'],
  ])('%s → make %i, name %s', (keyword, id, rest) => {
    expect(matchVehicleKeyword(vehicleIndex(SERIES, MAKES), keyword)).toEqual({ scope: { kind: 'make', id }, rest });
  });

  test('a series of the make comes first', () => {
    expect(matchVehicleKeyword(vehicleIndex(SERIES, MAKES), '宝马X5 刹车片')).toEqual({
      scope: { kind: 'series', id: 3 },
      rest: '刹车片',
    });
  });

  test.each(['宝马', '刹车片'])('%s: none', (keyword) => {
    expect(matchVehicleKeyword(vehicleIndex(SERIES, MAKES), keyword)).toBeNull();
  });
});
