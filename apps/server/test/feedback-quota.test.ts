import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploadsRoot } from '../src/uploads/upload-dir';
import { reserveUpload, uploadLimits, UPLOAD_QUOTA_TEXTS } from '../src/uploads/upload-quota';
import type { AuthContext } from '../src/plugins/auth';
import { body } from './helpers/api';
import { multipartForm, SAMPLE_FILES } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import { uploadBytesToday } from './helpers/upload-days';
import type { FixtureAccountKey, FixtureCompanyKey } from './helpers/fixtures';

/**
 * The upload limits of the feedback: 1 MB a company a day and 3 files an account in 10 minutes
 * here. The tests run in order, each on what the ones before left.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MB_PER_COMPANY_DAY: '1', UPLOADS_PER_ACCOUNT_10_MINUTES: '3' } });
});
afterAll(() => t.close());

const ADD = '/api/Shop.ShopFeedback/add';
const KB = 1024;

function png(size: number): Buffer {
  return Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(size - SAMPLE_FILES.png.length, 7)]);
}

async function send(account: FixtureAccountKey, content?: Buffer, filename = 'shot.png') {
  const form = multipartForm(
    { text: '页面问题' },
    content ? { field: 'files', filename, contentType: 'image/png', content } : undefined,
  );
  return body(await t.injectAs(account, { method: 'POST', url: ADD, payload: form.payload, headers: form.headers }));
}

async function storedFiles(company: FixtureCompanyKey): Promise<string[]> {
  const dir = join(uploadsRoot(t.config).root, 'feedback', String(t.fixtures.companies[company].id));
  return readdir(dir).catch(() => []);
}

const bytesToday = (company: FixtureCompanyKey) => uploadBytesToday(t, company);

const refusedDaily = { status: 201, msg: UPLOAD_QUOTA_TEXTS.daily, data: null };
const refusedRate = { status: 201, msg: UPLOAD_QUOTA_TEXTS.rate, data: null };

describe('feedback upload limits', () => {
  test('a company stores at most its daily quota; a refused file leaves nothing behind', async () => {
    expect(await send('bMain', png(700 * KB))).toMatchObject({ status: 200 });
    expect(await bytesToday('b')).toBe(700 * KB);

    // Another account of the same company: the quota is the company's.
    expect(await send('bSub', png(400 * KB))).toEqual(refusedDaily);
    expect(await storedFiles('b')).toHaveLength(1);
    expect(await bytesToday('b')).toBe(700 * KB);

    // A file refused for its type gives its room back.
    expect(await send('bSub', Buffer.concat([SAMPLE_FILES.text, Buffer.alloc(200 * KB)]))).toMatchObject({
      status: 201,
      msg: '只能上传图片或视频文件',
    });
    expect(await bytesToday('b')).toBe(700 * KB);

    // Feedback without a file still goes through, and other companies have their own quota.
    expect(await send('bSub')).toMatchObject({ status: 200 });
    expect(await send('cRegional', png(700 * KB))).toMatchObject({ status: 200 });
  });

  test('a request declaring more than a 100MB file is refused before it is read, taking no room', async () => {
    const form = multipartForm(
      { text: '视频' },
      { field: 'files', filename: 'big.mp4', contentType: 'video/mp4', content: SAMPLE_FILES.mp4 },
    );
    const res = await t.injectAs('bSub', {
      method: 'POST',
      url: ADD,
      payload: form.payload,
      headers: { ...form.headers, 'content-length': String(200 * 1024 * 1024) },
    });
    expect(body(res)).toEqual({ status: 201, msg: '文件过大，请选择小于 100MB 的文件', data: null });
    expect(await bytesToday('b')).toBe(700 * KB);
  });

  test('uploads at the same moment cannot pass the quota together', async () => {
    const answers = await Promise.all(
      (['aMain', 'aSub', 'aMain', 'aSub'] as const).map((account) => send(account, png(400 * KB))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.msg === UPLOAD_QUOTA_TEXTS.daily)).toHaveLength(2);
    expect(await storedFiles('a')).toHaveLength(2);
    expect(await bytesToday('a')).toBe(800 * KB);
  });

  test('an account uploads at most 3 files in 10 minutes', async () => {
    // cRegional uploaded one above.
    const before = await storedFiles('c');
    expect(await send('cRegional', png(1 * KB))).toMatchObject({ status: 200 });
    expect(await send('cRegional', png(1 * KB))).toMatchObject({ status: 200 });
    expect(await send('cRegional', png(1 * KB))).toEqual(refusedRate);
    expect(await storedFiles('c')).toHaveLength(before.length + 2);
    expect(await bytesToday('c')).toBe(702 * KB);
    // The refused upload took no room and no turn; text alone still goes through.
    expect(await send('cRegional')).toMatchObject({ status: 200 });
  });

  test('the quota is per China day', async () => {
    const limits = uploadLimits(t.config);
    const account = t.fixtures.accounts.bSub;
    const auth = { accountId: account.id, companyId: account.companyId } as AuthContext;
    // 23:59 and 00:00 in China (UTC+8), some day ahead.
    const lateEvening = new Date('2031-03-01T15:59:00Z');
    const nextMorning = new Date('2031-03-01T16:00:00Z');
    expect(await reserveUpload(t.db, auth, 1024 * KB, limits, lateEvening)).toMatchObject({ day: '2031-03-01' });
    await expect(reserveUpload(t.db, auth, 1, limits, lateEvening)).rejects.toThrow(UPLOAD_QUOTA_TEXTS.daily);
    expect(await reserveUpload(t.db, auth, 1024 * KB, limits, nextMorning)).toMatchObject({ day: '2031-03-02' });
  });
});
