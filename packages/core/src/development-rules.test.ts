import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_TEXTS,
  developmentPictureProblem,
  developmentStatusText,
  parseDevelopmentForm,
} from './development-rules';

describe('the development request form', () => {
  it('trims the texts and reads the quantity from text or number', () => {
    expect(
      parseDevelopmentForm({
        part_name: ' 后视镜总成 ',
        vehicle: ' 奔驰 C260L ',
        oe_number: 'A2068100116',
        monthly_quantity: ' 20 ',
      }),
    ).toEqual({
      ok: true,
      value: {
        part_name: '后视镜总成',
        vehicle: '奔驰 C260L',
        oe_number: 'A2068100116',
        monthly_quantity: 20,
        description: '',
      },
    });
    expect(parseDevelopmentForm({ part_name: '水泵', monthly_quantity: 3 })).toMatchObject({
      ok: true,
      value: { monthly_quantity: 3 },
    });
  });

  it.each([
    [{ monthly_quantity: '5' }, DEVELOPMENT_TEXTS.partNameRequired],
    [{ part_name: ['水泵'], monthly_quantity: '5' }, DEVELOPMENT_TEXTS.partNameRequired],
    [{ part_name: '水泵' }, DEVELOPMENT_TEXTS.quantityRequired],
    [{ part_name: '水泵', monthly_quantity: '0' }, DEVELOPMENT_TEXTS.quantityInvalid],
    [{ part_name: '水泵', monthly_quantity: '2.5' }, DEVELOPMENT_TEXTS.quantityInvalid],
    [{ part_name: '水泵', monthly_quantity: '1e3' }, DEVELOPMENT_TEXTS.quantityInvalid],
    [{ part_name: '水泵', monthly_quantity: '1000001' }, DEVELOPMENT_TEXTS.quantityTooLarge],
    [{ part_name: '水泵', monthly_quantity: '1', oe_number: 'A'.repeat(101) }, DEVELOPMENT_TEXTS.oeTooLong],
    [{ part_name: '水泵', monthly_quantity: '1', description: '字'.repeat(501) }, DEVELOPMENT_TEXTS.descriptionTooLong],
  ])('refuses %o', (fields, message) => {
    expect(parseDevelopmentForm(fields)).toEqual({ ok: false, message });
  });

  it('takes images up to 10 MB only', () => {
    expect(developmentPictureProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(developmentPictureProblem({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(
      DEVELOPMENT_TEXTS.pictureTooLarge,
    );
    expect(developmentPictureProblem({ type: 'video/mp4', size: 10 })).toBe(DEVELOPMENT_TEXTS.pictureBadType);
  });

  it('names the statuses in Chinese', () => {
    expect(['pending', 'developing', 'launched', 'rejected'].map(developmentStatusText)).toEqual([
      '待评估',
      '开发中',
      '已上架',
      '不开发',
    ]);
  });
});
