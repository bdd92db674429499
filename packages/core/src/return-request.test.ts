import { describe, expect, it } from 'vitest';
import { ApplyReturnRequest } from './api/orders';
import { RETURN_PICTURE_MAX_BYTES, RETURN_TEXTS, returnPictureProblem } from './return-request';

describe('return request rules', () => {
  it('accepts images up to 10MB, not SVG or other files', () => {
    expect(returnPictureProblem({ type: 'image/jpeg', size: RETURN_PICTURE_MAX_BYTES })).toBeUndefined();
    expect(returnPictureProblem({ type: 'image/png', size: RETURN_PICTURE_MAX_BYTES + 1 })).toBe(
      RETURN_TEXTS.pictureTooLarge,
    );
    expect(returnPictureProblem({ type: 'image/svg+xml', size: 10 })).toBe(RETURN_TEXTS.pictureBadType);
    expect(returnPictureProblem({ type: 'video/mp4', size: 10 })).toBe(RETURN_TEXTS.pictureBadType);
  });

  it('reads the lines as JSON text (multipart) or a list, trims the reason and needs one line', () => {
    const parsed = ApplyReturnRequest.parse({
      order_id: '12',
      items: '[{"order_item_id": 3, "quantity": "2"}]',
      reason: '  发错货 ',
    });
    expect(parsed).toEqual({ order_id: 12, items: [{ order_item_id: 3, quantity: 2 }], reason: '发错货' });
    const empty = ApplyReturnRequest.safeParse({ order_id: 12, items: [], reason: '发错货' });
    expect(empty.error?.issues[0]?.message).toBe(RETURN_TEXTS.noLines);
    const blank = ApplyReturnRequest.safeParse({
      order_id: 12,
      items: [{ order_item_id: 3, quantity: 1 }],
      reason: ' ',
    });
    expect(blank.error?.issues[0]?.message).toBe(RETURN_TEXTS.reasonRequired);
  });
});
