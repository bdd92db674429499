import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** Builds multipart/form-data bodies for app.inject, in memory or (for large files) as a stream. */
export interface MultipartFilePart {
  field: string;
  filename: string;
  contentType: string;
}

function parts(boundary: string, fields: Record<string, string>, file?: MultipartFilePart) {
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = file
    ? `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`
    : '';
  const tail = `${file ? '\r\n' : ''}--${boundary}--\r\n`;
  return { head: Buffer.from(head + fileHead), tail: Buffer.from(tail) };
}

export function multipartForm(
  fields: Record<string, string>,
  file?: MultipartFilePart & { content: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const { head, tail } = parts(boundary, fields, file);
  return {
    payload: Buffer.concat([head, file?.content ?? Buffer.alloc(0), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A form whose file is `start` followed by zero bytes up to `size`, produced as a stream as the
 * server reads it; `produced()` says how many bytes of it the server has pulled so far.
 */
export function multipartStream(
  fields: Record<string, string>,
  file: MultipartFilePart & { start: Buffer; size: number },
): { payload: Readable; headers: Record<string, string>; produced: () => number } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const { head, tail } = parts(boundary, fields, file);
  const chunk = Buffer.alloc(1024 * 1024);
  let produced = 0;
  function* generate() {
    produced += head.length + file.start.length;
    yield head;
    yield file.start;
    let left = file.size - file.start.length;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      produced += n;
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      left -= n;
    }
    produced += tail.length;
    yield tail;
  }
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    produced: () => produced,
  };
}

/** First bytes of real formats, enough for the server's type check. */
export const SAMPLE_FILES = {
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  ]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  ]),
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42\0\0\0\0mp42isom', 'latin1'),
    Buffer.alloc(32),
  ]),
  text: Buffer.from('这不是图片，只是一段文字。this is plain text, not an image or video'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
} as const;

/** A form with several files (e.g. a return request's pictures). */
export function multipartFiles(
  fields: Record<string, string>,
  files: (MultipartFilePart & { content: Buffer })[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [parts(boundary, fields).head];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\ncontent-type: ${f.contentType}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
