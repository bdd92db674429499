import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { QuestionList } from '@shop/core/api/parts';
import { productQuestions } from '../src/db/schema/customer-activity';
import type { FixtureAccountKey } from './helpers/fixtures';
import { body } from './helpers/api';
import type { TestApp } from './helpers/test-app';
import { createDemoApp } from './helpers/demo-app';

let t: TestApp;
beforeAll(async () => void (t = await createDemoApp(50, 61)));
afterAll(() => t.close());

function getList(account: FixtureAccountKey, productId: number) {
  return t
    .injectAs(account, { url: `/api/Shop.RelatedQuestions/getList?id=${productId}` })
    .then((res) => body<QuestionList>(res));
}
function post(account: FixtureAccountKey, path: string, payload: object) {
  return t
    .injectAs(account, { method: 'POST', url: `/api/Shop.RelatedQuestions/${path}`, payload })
    .then((res) => body(res));
}

describe('related questions', () => {
  test('login required', async () => {
    const res = await t.app.inject({ url: '/api/Shop.RelatedQuestions/getList?id=1' });
    expect([101, 102, 401]).toContain(body(res).status);
  });

  test('ask, list, reply, unread and mark all as read', async () => {
    expect(await getList('aSub', 5)).toMatchObject({ status: 200, data: { list: [], has_unread: 0 } });
    expect(
      await post('aSub', 'add', { product_id: 5, ask_questions: '  ', type: 1, batch_number: null }),
    ).toMatchObject({
      status: 201,
      msg: '请输入提交内容',
    });
    expect(await post('aSub', 'add', { product_id: 5, batch_number: null, type: 1 })).toMatchObject({
      status: 201,
      msg: '请输入提交内容',
    });
    const added = await post('aSub', 'add', {
      product_id: 5,
      ask_questions: '能装 2019 款吗？',
      type: 1,
      batch_number: null,
    });
    expect(added).toMatchObject({ status: 200, msg: '提交成功，我们会尽快回复' });
    expect(await post('aSub', 'add', { product_id: 77777, ask_questions: '有货吗', type: 1 })).toMatchObject({
      status: 201,
      msg: '商品不存在',
    });

    // The whole company sees it; unanswered questions are not unread.
    const { data } = await getList('aMain', 5);
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({
      ask_questions: '能装 2019 款吗？',
      reply_contente: '',
      reply_time: '',
      unread: 0,
    });
    expect(data.has_unread).toBe(0);

    const id = data.list[0]!.id;
    await t.db
      .update(productQuestions)
      .set({ replyContent: '可以装。', replyTime: new Date(), replyPics: ['/media/parts/brake-pad-1.svg'] })
      .where(eq(productQuestions.id, id));
    const answered = await getList('aMain', 5);
    expect(answered.data.has_unread).toBe(1);
    expect(answered.data.list[0]).toMatchObject({
      reply_contente: '可以装。',
      unread: 1,
      reply_pic: ['/media/parts/brake-pad-1.svg'],
    });
    expect(answered.data.list[0]!.reply_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Another company can neither see nor mark it.
    expect((await getList('bMain', 5)).data.list).toEqual([]);
    expect(await post('bMain', 'markAllAsRead', { related_question_ids: String(id) })).toMatchObject({
      status: 201,
      msg: '问题不存在',
    });
    expect((await getList('aMain', 5)).data.has_unread).toBe(1);

    expect(await post('aMain', 'markAllAsRead', { related_question_ids: `${id},987654` })).toMatchObject({
      status: 200,
    });
    const read = await getList('aSub', 5);
    expect(read.data.has_unread).toBe(0);
    expect(read.data.list[0]!.unread).toBe(0);
  });

  test('bad id lists are refused', async () => {
    expect((await post('aMain', 'markAllAsRead', { related_question_ids: '' })).status).toBe(201);
    expect((await post('aMain', 'markAllAsRead', { related_question_ids: '1;2' })).status).toBe(201);
  });

  test('the Shopv2 alias answers', async () => {
    const res = await t.injectAs('aMain', { url: '/api/Shopv2.RelatedQuestions/getList?id=5' });
    expect(body<QuestionList>(res).data.list).toHaveLength(1);
  });
});
