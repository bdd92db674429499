import { describe, expect, test } from 'vitest';
import { MULTI_NUMBER_EMPTY_TEXT, MULTI_NUMBER_MAX } from '../multi-number';
import { BATCH_SEARCH_TEXT_MAX, BatchSearchRequest } from './bulk-search';

describe('BatchSearchRequest', () => {
  test('the keyword is kept as sent: leading blank lines count for the line numbers', () => {
    expect(BatchSearchRequest.parse({ keyword: '\n\n04465-33471\n' }).keyword).toBe('\n\n04465-33471\n');
    expect(BatchSearchRequest.parse({ keyword: '\t2435571\t3' }).keyword).toBe('\t2435571\t3');
  });

  test('an all-blank keyword is refused with the message asking for numbers', () => {
    for (const keyword of ['', ' \n \n', '\t\r\n\u3000']) {
      const result = BatchSearchRequest.safeParse({ keyword });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MULTI_NUMBER_EMPTY_TEXT);
    }
  });

  test(`the text limit fits ${MULTI_NUMBER_MAX} pasted lines of 200 characters, well under the 1 MB body`, () => {
    expect(BATCH_SEARCH_TEXT_MAX).toBeGreaterThanOrEqual(MULTI_NUMBER_MAX * (200 + 2));
    // Chinese text is 3 bytes a character in the JSON body.
    expect(BATCH_SEARCH_TEXT_MAX * 3).toBeLessThan(512 * 1024);
  });

  test('a long text is not a validation error: the search refuses it with its own message', () => {
    const keyword = 'A0004200420\n'.repeat(Math.ceil(BATCH_SEARCH_TEXT_MAX / 12) + 1);
    expect(BatchSearchRequest.safeParse({ keyword }).success).toBe(true);
  });
});
