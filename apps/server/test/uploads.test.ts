import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PICTURE_TEXTS, type BaseUploadResponse } from '@shop/core/api/uploads';
import { RETURN_TEXTS } from '@shop/core/return-request';
import { uploads } from '../src/db/schema/uploads';
import { SPREADSHEET_TEXTS, UPLOAD_KINDS, VIN_PHOTO_TEXTS } from '../src/uploads/kinds';
import { LocalFileStorage } from '../src/uploads/storage';
import { MALFORMED_FORM_TEXT } from '../src/uploads/service';
import { uploadsRoot } from '../src/uploads/upload-dir';
import { UPLOAD_QUOTA_TEXTS } from '../src/uploads/upload-quota';
import { claimUploads } from '../src/uploads/unclaimed';
import { MODULES } from '../src/modules';
import { body } from './helpers/api';
import type { FixtureAccountKey, FixtureCompanyKey } from './helpers/fixtures';
import { multipartFiles, multipartForm, multipartStream, SAMPLE_FILES } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import { uploadBytesToday } from './helpers/upload-days';

/** The upload service (src/uploads): POST /api/Base/upload, the kinds' limits, the shared quota, who is served a file. */

const UPLOAD = '/api/Base/upload';
const FEEDBACK = '/api/Shop.ShopFeedback/add';
const RETURN = '/api/Shop.Order/applyReturn';
const IMPORT = '/api/Shop.Accessories/fromxls';
const KB = 1024;
const MB = 1024 * KB;

function png(size: number): Buffer {
  return Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(size - SAMPLE_FILES.png.length, 7)]);
}

type Form = { payload: Buffer | Readable; headers: Record<string, string> };

async function post(t: TestApp, who: FixtureAccountKey, url: string, form: Form) {
  return body<BaseUploadResponse>(await t.injectAs(who, { method: 'POST', url, ...form }));
}

function fileForm(field: string, filename: string, content: Buffer, fields: Record<string, string> = {}): Form {
  return multipartForm(fields, { field, filename, contentType: 'image/png', content });
}

async function storedFiles(t: TestApp, folder: string, company: FixtureCompanyKey): Promise<string[]> {
  const dir = join(uploadsRoot(t.config).root, folder, String(t.fixtures.companies[company].id));
  return readdir(dir).catch(() => []);
}

async function rowsOf(t: TestApp, company: FixtureCompanyKey, kind: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploads)
    .where(and(eq(uploads.companyId, t.fixtures.companies[company].id), eq(uploads.kind, kind)));
  return row?.n ?? 0;
}

const refused = (msg: string) => ({ status: 201, msg, data: null });

describe('POST /api/Base/upload and the limits of every kind', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('stores a picture owned by the company: its url serves it to that company only', async () => {
    const content = png(3000);
    const res = await post(t, 'aMain', UPLOAD, fileForm('file', '配件照片.png', content));
    expect(res).toMatchObject({
      status: 200,
      msg: PICTURE_TEXTS.uploaded,
      data: { name: '配件照片.png', size: 3000, mime: 'image/png' },
    });
    const { id, url } = res.data;
    expect(id).toBeGreaterThan(0);
    expect(url).toMatch(/^\/api\/Base\/file\/pictures\/\d+\/[0-9a-f-]{36}\.png$/);

    // Another account of the company gets it; another company gets not found, as for no file at all.
    const mine = await t.injectAs('aSub', { url });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(content)).toBe(true);
    expect(body(await t.injectAs('bMain', { url }))).toEqual({ status: 404, msg: '文件不存在', data: null });
    expect(body(await t.injectAs('aMain', { url: url.replace(/\.png$/, '.jpg') }))).toMatchObject({ status: 404 });
    expect(body(await t.injectAs('aMain', { url: '/api/Base/file/../../etc/passwd' }))).toMatchObject({
      status: 404,
    });
    expect(body(await t.app.inject({ url })).status).toBe(401);
  });

  test('needs a login, and a file', async () => {
    const res = await t.app.inject({ method: 'POST', url: UPLOAD, ...fileForm('file', 'a.png', png(100)) });
    expect(body(res).status).toBe(401);
    expect(await post(t, 'aMain', UPLOAD, multipartForm({ note: 'x' }))).toEqual(refused(PICTURE_TEXTS.noFile));
    // A file under another field name is no file.
    expect(await post(t, 'aMain', UPLOAD, fileForm('picture', 'a.png', png(100)))).toEqual(
      refused(PICTURE_TEXTS.noFile),
    );
  });

  test('picture: checked by content despite the name, not empty, at most 10MB; nothing is left of a refusal', async () => {
    const before = await storedFiles(t, 'pictures', 'b');
    const rows = await rowsOf(t, 'b', 'picture');
    const badType = refused(PICTURE_TEXTS.badType);
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'photo.png', SAMPLE_FILES.text))).toEqual(badType);
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'logo.png', SAMPLE_FILES.svg))).toEqual(badType);
    // A video is no picture (the feedback takes it).
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'clip.png', SAMPLE_FILES.mp4))).toEqual(badType);
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'empty.png', Buffer.alloc(0)))).toEqual(
      refused(PICTURE_TEXTS.empty),
    );
    // Streamed (no declared length): cut at 10MB while read.
    const streamed = multipartStream(
      {},
      { field: 'file', filename: 'big.png', contentType: 'image/png', start: SAMPLE_FILES.png, size: 10 * MB + 1 },
    );
    expect(await post(t, 'bMain', UPLOAD, streamed)).toEqual(refused(PICTURE_TEXTS.tooLarge));
    // Declared: refused before it is read.
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'big.png', png(12 * MB)))).toEqual(
      refused(PICTURE_TEXTS.tooLarge),
    );
    expect(await storedFiles(t, 'pictures', 'b')).toEqual(before);
    expect(await rowsOf(t, 'b', 'picture')).toBe(rows);
    // Exactly 10MB is allowed.
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'max.png', png(10 * MB)))).toMatchObject({ status: 200 });
  });

  test('return picture: images only by content, at most 10MB each, at most 3', async () => {
    const picture = (filename: string, content: Buffer) => ({ field: 'pictures', filename, content });
    const form = (...files: { field: string; filename: string; content: Buffer }[]) =>
      multipartFiles(
        { reason: '破损' },
        files.map((f) => ({ ...f, contentType: 'image/jpeg' })),
      );
    const before = await storedFiles(t, 'returns', 'c');
    expect(await post(t, 'cRegional', RETURN, form(picture('a.jpg', SAMPLE_FILES.mp4)))).toEqual(
      refused(RETURN_TEXTS.pictureBadType),
    );
    // The first picture was good and stored; it goes again with the refusal of the second.
    expect(
      await post(
        t,
        'cRegional',
        RETURN,
        form(picture('a.jpg', SAMPLE_FILES.jpeg), picture('b.jpg', SAMPLE_FILES.text)),
      ),
    ).toEqual(refused(RETURN_TEXTS.pictureBadType));
    expect(await post(t, 'cRegional', RETURN, form(picture('big.jpg', png(10 * MB + 1))))).toEqual(
      refused(RETURN_TEXTS.pictureTooLarge),
    );
    const four = [1, 2, 3, 4].map((n) => picture(`${n}.jpg`, SAMPLE_FILES.jpeg));
    expect(await post(t, 'cRegional', RETURN, form(...four))).toEqual(refused(RETURN_TEXTS.tooManyPictures));
    expect(await storedFiles(t, 'returns', 'c')).toEqual(before);
    expect(await rowsOf(t, 'c', 'return-picture')).toBe(0);
  });

  test('spreadsheet: name and content checked, not empty, at most 10M, never stored', async () => {
    const sheet = (filename: string, content: Buffer) =>
      multipartForm({}, { field: 'file', filename, contentType: 'application/vnd.ms-excel', content });
    expect(await post(t, 'aMain', IMPORT, sheet('parts.xlsx', SAMPLE_FILES.text))).toEqual(
      refused(SPREADSHEET_TEXTS.badType),
    );
    // A picture named as a workbook is no workbook.
    expect(await post(t, 'aMain', IMPORT, sheet('parts.xls', SAMPLE_FILES.png))).toEqual(
      refused(SPREADSHEET_TEXTS.badType),
    );
    expect(await post(t, 'aMain', IMPORT, sheet('parts.xlsx', Buffer.alloc(0)))).toEqual(
      refused(SPREADSHEET_TEXTS.empty),
    );
    expect(await post(t, 'aMain', IMPORT, sheet('parts.csv', Buffer.from('a,b')))).toEqual(
      refused(SPREADSHEET_TEXTS.badName),
    );
    const big = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(10 * MB)]);
    expect(await post(t, 'aMain', IMPORT, sheet('parts.xls', big))).toEqual(refused(SPREADSHEET_TEXTS.tooLarge));
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploads)
      .where(eq(uploads.kind, 'spreadsheet'));
    expect(n?.n).toBe(0);
  });

  test('in-memory kinds checked by the same table (VIN photo, spreadsheet)', () => {
    const check = (kind: 'vin-photo' | 'spreadsheet', bytes: Buffer, name?: string) => {
      try {
        return t.app.uploads.check(kind, bytes, name).mime;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(check('vin-photo', SAMPLE_FILES.jpeg)).toBe('image/jpeg');
    expect(check('vin-photo', SAMPLE_FILES.svg)).toBe(VIN_PHOTO_TEXTS.badType);
    expect(check('vin-photo', SAMPLE_FILES.mp4)).toBe(VIN_PHOTO_TEXTS.badType);
    expect(check('vin-photo', Buffer.alloc(0))).toBe(VIN_PHOTO_TEXTS.badType);
    expect(check('vin-photo', png(UPLOAD_KINDS['vin-photo'].maxBytes + 1))).toBe(VIN_PHOTO_TEXTS.tooLarge);
    expect(check('spreadsheet', SAMPLE_FILES.png, 'a.xlsx')).toBe(SPREADSHEET_TEXTS.badType);
    expect(check('spreadsheet', Buffer.from('PK\x03\x04rest of a zip', 'latin1'), 'a.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  test('a feedback file is an upload of the company too: served by key to it, not to another company', async () => {
    const res = await post(t, 'aMain', FEEDBACK, fileForm('files', 'shot.png', png(2000), { text: '页面问题' }));
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select({ key: uploads.key, size: uploads.size, kind: uploads.kind })
      .from(uploads)
      .where(eq(uploads.kind, 'feedback'));
    expect(row).toMatchObject({ kind: 'feedback', size: 2000 });
    const url = `/api/Base/file/${row!.key}`;
    expect((await t.injectAs('aSub', { url })).statusCode).toBe(200);
    expect(body(await t.injectAs('cRegional', { url }))).toMatchObject({ status: 404 });
  });
});

describe('broken forms on every upload route', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Each cut-off file counts in the account's upload rate, as any refused upload does.
    t = await createTestApp({ env: { UPLOADS_PER_ACCOUNT_10_MINUTES: '100' } });
  });
  afterAll(() => t.close());

  test('a form the parser cannot read is a 400 in Chinese on every upload route, and nothing of it is kept', async () => {
    const boundary = 'cut';
    const multipart = (text: string) => ({
      payload: Buffer.from(text, 'latin1'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const field = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${Buffer.from(value).toString('latin1')}\r\n`;
    const fileHead = (name: string, filename: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: image/png\r\n\r\n`;
    const picture = png(50 * KB).toString('latin1');
    // Each body ends in the middle of its file: the closing boundary never comes.
    const cutOff: [string, string][] = [
      [UPLOAD, fileHead('file', 'a.png') + picture],
      ['/api/Shop.User/uploadpicture', fileHead('file', 'a.png') + picture],
      [FEEDBACK, field('text', '页面问题') + fileHead('files', 'a.png') + picture],
      // One whole picture stored first, then the second one is cut off.
      [
        RETURN,
        field('reason', '破损') +
          fileHead('pictures', '1.png') +
          picture +
          '\r\n' +
          fileHead('pictures', '2.png') +
          picture,
      ],
      [
        '/api/Shop.CustomerProductDevelopment/add',
        field('part_name', '滤清器') + fileHead('pictures', '1.png') + picture + '\r\n' + fileHead('pictures', '2.png'),
      ],
      [IMPORT, fileHead('file', 'a.xlsx') + 'PK\x03\x04' + picture],
      [
        '/api/Shop.ResourceSharing/import',
        field('contact', '张先生 13900001111') + fileHead('file', 'a.xlsx') + 'PK\x03\x04',
      ],
    ];
    const before = { bytes: await uploadBytesToday(t, 'c'), rows: await t.db.$count(uploads) };
    const malformed = { status: 400, msg: MALFORMED_FORM_TEXT, data: null };
    for (const [url, text] of cutOff) {
      expect(await post(t, 'cRegional', url, multipart(text)), url).toEqual(malformed);
    }
    // Without its boundary, or not a form at all.
    const noBoundary = { payload: Buffer.from(picture, 'latin1'), headers: { 'content-type': 'multipart/form-data' } };
    expect(await post(t, 'cRegional', UPLOAD, noBoundary)).toEqual(malformed);
    expect(await post(t, 'cRegional', UPLOAD, multipart('just some text'))).toEqual(malformed);
    // More fields than any form has: its limit, in Chinese.
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x']));
    expect(await post(t, 'cRegional', FEEDBACK, multipartForm(fields))).toEqual({
      status: 413,
      msg: '表单内容过多',
      data: null,
    });
    for (const folder of ['pictures', 'feedback', 'returns', 'development']) {
      expect(await storedFiles(t, folder, 'c'), folder).toEqual([]);
    }
    expect(await t.db.$count(uploads)).toBe(before.rows);
    expect(await uploadBytesToday(t, 'c')).toBe(before.bytes ?? 0);
  });

  test('a chosen file of 0 bytes is refused, not dropped: the form is not saved without it', async () => {
    const empty = { filename: 'shot.png', contentType: 'image/png', content: Buffer.alloc(0) };
    const picture = { ...empty, filename: '1.png', content: png(1000) };
    const refusal = refused(PICTURE_TEXTS.empty);
    const feedbackRows = async () => (await t.db.execute(sql`select count(*)::int as n from feedback`)).rows[0]!.n;
    const before = { feedback: await feedbackRows(), uploads: await t.db.$count(uploads) };
    expect(await post(t, 'bMain', FEEDBACK, multipartFiles({ text: '看图' }, [{ field: 'files', ...empty }]))).toEqual(
      refusal,
    );
    const development = { part_name: '滤清器', monthly_quantity: '5' };
    expect(
      await post(
        t,
        'bMain',
        '/api/Shop.CustomerProductDevelopment/add',
        multipartFiles(development, [
          { field: 'pictures', ...picture },
          { field: 'pictures', ...empty },
        ]),
      ),
    ).toEqual(refusal);
    expect(
      await post(t, 'bMain', RETURN, multipartFiles({ reason: '破损' }, [{ field: 'pictures', ...empty }])),
    ).toEqual(refusal);
    expect(await feedbackRows()).toBe(before.feedback);
    expect(await t.db.$count(uploads)).toBe(before.uploads);
    expect(await storedFiles(t, 'development', 'b')).toEqual([]);
    // A browser's empty file input (a part without a name) is no file: the text alone is saved.
    const unnamed = multipartFiles({ text: '没有附件' }, [{ field: 'files', ...empty, filename: '' }]);
    expect(await post(t, 'bMain', FEEDBACK, unnamed)).toMatchObject({ status: 200 });
  });
});

describe('the upload quota is shared by every stored kind', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_MB_PER_COMPANY_DAY: '1', UPLOADS_PER_ACCOUNT_10_MINUTES: '4' } });
  });
  afterAll(() => t.close());

  const bytesToday = (company: FixtureCompanyKey) => uploadBytesToday(t, company);

  test('a picture uses the room a feedback file or a return picture would need', async () => {
    expect(await post(t, 'bMain', UPLOAD, fileForm('file', 'a.png', png(700 * KB)))).toMatchObject({ status: 200 });
    expect(await bytesToday('b')).toBe(700 * KB);
    const daily = refused(UPLOAD_QUOTA_TEXTS.daily);
    expect(await post(t, 'bSub', FEEDBACK, fileForm('files', 'b.png', png(400 * KB), { text: '问题' }))).toEqual(daily);
    expect(await post(t, 'bSub', RETURN, fileForm('pictures', 'c.png', png(400 * KB), { reason: '破损' }))).toEqual(
      daily,
    );
    expect(await post(t, 'bSub', UPLOAD, fileForm('file', 'd.png', png(400 * KB)))).toEqual(daily);
    expect(await bytesToday('b')).toBe(700 * KB);
    expect(await storedFiles(t, 'pictures', 'b')).toHaveLength(1);
    expect(await storedFiles(t, 'feedback', 'b')).toHaveLength(0);
  });

  test('and the account rate counts uploads of every kind', async () => {
    const small = png(1000);
    expect(await post(t, 'aMain', UPLOAD, fileForm('file', '1.png', small))).toMatchObject({ status: 200 });
    expect(await post(t, 'aMain', FEEDBACK, fileForm('files', '2.png', small, { text: '问题' }))).toMatchObject({
      status: 200,
    });
    expect(await post(t, 'aMain', UPLOAD, fileForm('file', '3.png', small))).toMatchObject({ status: 200 });
    expect(await post(t, 'aMain', UPLOAD, fileForm('file', '4.png', small))).toMatchObject({ status: 200 });
    expect(await post(t, 'aMain', FEEDBACK, fileForm('files', '5.png', small, { text: '问题' }))).toEqual(
      refused(UPLOAD_QUOTA_TEXTS.rate),
    );
    // Another account of the company has its own rate.
    expect(await post(t, 'aSub', UPLOAD, fileForm('file', '6.png', small))).toMatchObject({ status: 200 });
  });

  test('a double request with room for one: one stored, one refused, nothing else left', async () => {
    const form = () => fileForm('file', 'twice.png', png(600 * KB));
    const answers = await Promise.all([post(t, 'cRegional', UPLOAD, form()), post(t, 'cRegional', UPLOAD, form())]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers.find((a) => a.status === 201)).toEqual(refused(UPLOAD_QUOTA_TEXTS.daily));
    expect(await storedFiles(t, 'pictures', 'c')).toHaveLength(1);
    expect(await rowsOf(t, 'c', 'picture')).toBe(1);
    expect(await bytesToday('c')).toBe(600 * KB);
  });
});

describe('uploads nothing claims', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const deleteJob = () => {
    const job = MODULES.find((m) => m.name === 'uploads')?.jobs?.find((j) => j.name === 'delete-unclaimed-uploads');
    if (!job) throw new Error('the uploads module declares no delete-unclaimed-uploads job');
    return job.run(t.db, t.config);
  };
  const ageBy = (id: number, hours: number) =>
    t.db.execute(sql`update uploads set created_at = now() - ${hours} * interval '1 hour' where id = ${id}`);
  const exists = async (id: number) => (await t.db.select().from(uploads).where(eq(uploads.id, id))).length === 1;
  const fileOf = (url: string) => url.split('/').at(-1)!;

  test('an unclaimed picture older than a day goes with its file; a claimed one and a fresh one stay', async () => {
    const sent: BaseUploadResponse[] = [];
    for (const name of ['old.png', 'claimed.png', 'fresh.png']) {
      const res = await post(t, 'aMain', UPLOAD, fileForm('file', name, png(2000)));
      expect(res.status).toBe(200);
      sent.push(res.data);
    }
    const [old, claimed, fresh] = sent as [BaseUploadResponse, BaseUploadResponse, BaseUploadResponse];
    await ageBy(old.id, 25);
    await ageBy(claimed.id, 25);
    await ageBy(fresh.id, 23);
    // The claim is the company's: another company's claim takes nothing.
    const a = t.fixtures.companies.a.id;
    expect(await claimUploads(t.db, t.fixtures.companies.b.id, [claimed.id])).toEqual([]);
    expect(await claimUploads(t.db, a, [claimed.id, 999999])).toEqual([claimed.id]);
    const before = await storedFiles(t, 'pictures', 'a');
    expect(before).toEqual(expect.arrayContaining([fileOf(old.url), fileOf(claimed.url), fileOf(fresh.url)]));

    await deleteJob();

    expect(await exists(old.id)).toBe(false);
    expect(await exists(claimed.id)).toBe(true);
    expect(await exists(fresh.id)).toBe(true);
    const after = await storedFiles(t, 'pictures', 'a');
    expect(after).not.toContain(fileOf(old.url));
    expect(after).toEqual(expect.arrayContaining([fileOf(claimed.url), fileOf(fresh.url)]));
    expect(body(await t.injectAs('aMain', { url: old.url }))).toMatchObject({ status: 404 });
    expect((await t.injectAs('aMain', { url: claimed.url })).rawPayload.length).toBe(2000);
  });

  test('feedback files and return pictures are claimed by the request that stores them', async () => {
    const res = await post(t, 'bMain', FEEDBACK, fileForm('files', 'a.png', png(1000), { text: '页面打不开，附截图' }));
    expect(res.status).toBe(200);
    const rows = await t.db
      .select({ id: uploads.id, claimedAt: uploads.claimedAt })
      .from(uploads)
      .where(and(eq(uploads.companyId, t.fixtures.companies.b.id), eq(uploads.kind, 'feedback')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.claimedAt).not.toBeNull();
    await ageBy(rows[0]!.id, 48);
    await deleteJob();
    expect(await exists(rows[0]!.id)).toBe(true);
  });
});

describe('a replaced avatar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const AVATAR = '/api/Shop.User/uploadpicture';
  const setAvatar = async (who: FixtureAccountKey, name: string) => {
    const res = body<{ avatar: string }>(
      await t.injectAs(who, { method: 'POST', url: AVATAR, ...fileForm('file', name, png(1500)) }),
    );
    expect(res.status, res.msg).toBe(200);
    const key = res.data.avatar.slice('/api/Base/file/'.length);
    const [row] = await t.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.key, key));
    return { id: row!.id, key, file: key.split('/').at(-1)! };
  };
  const ageAll = () => t.db.execute(sql`update uploads set created_at = now() - interval '25 hours'`);
  const exists = async (id: number) => (await t.db.select().from(uploads).where(eq(uploads.id, id))).length === 1;
  const deleteJob = () =>
    MODULES.find((m) => m.name === 'uploads')!
      .jobs!.find((j) => j.name === 'delete-unclaimed-uploads')!
      .run(t.db, t.config);

  test('goes with its file once another is set; the new one stays', async () => {
    const a = await setAvatar('aMain', 'a.png');
    const b = await setAvatar('aMain', 'b.png');
    await ageAll();
    await deleteJob();
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(true);
    const files = await storedFiles(t, 'pictures', 'a');
    expect(files).not.toContain(a.file);
    expect(files).toContain(b.file);
  });

  test('stays while another row still uses it', async () => {
    const c = await setAvatar('aSub', 'c.png');
    // The same picture is the company's other account's activity image too.
    await t.db.execute(sql`update accounts set activity_flag_image = ${`/api/Base/file/${c.key}`}
      where id = ${t.fixtures.accounts.aMain.id}`);
    await setAvatar('aSub', 'd.png');
    await ageAll();
    await deleteJob();
    expect(await exists(c.id)).toBe(true);
    expect(await storedFiles(t, 'pictures', 'a')).toContain(c.file);
  });
});

describe('LocalFileStorage', () => {
  test('writes a file whole under its key, serves and removes it; a key cannot leave the folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'storage-test-'));
    try {
      const storage = new LocalFileStorage(root, '/files/');
      await storage.put(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 'pictures/1/x.png');
      const got = await storage.get('pictures/1/x.png');
      expect(got?.size).toBe(6);
      const chunks: Buffer[] = [];
      for await (const c of got!.stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('abcdef');
      expect(storage.url('pictures/1/x.png')).toBe('/files/pictures/1/x.png');
      await storage.remove('pictures/1/x.png');
      expect(await storage.get('pictures/1/x.png')).toBeUndefined();
      expect(await storage.get('../outside.png')).toBeUndefined();
      await expect(storage.put(Readable.from([Buffer.from('x')]), 'pictures/../../x.png')).rejects.toThrow();
      // A failed write leaves no file under the key.
      const failing = new Readable({
        read() {
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(storage.put(failing, 'pictures/1/y.png')).rejects.toThrow('connection lost');
      expect(await readdir(join(root, 'pictures', '1'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
