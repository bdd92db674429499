import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  FEEDBACK_FIELDS,
  FEEDBACK_FILE_BAD_TYPE,
  FEEDBACK_FILE_MAX_BYTES,
  FEEDBACK_FILE_TOO_LARGE,
} from '@shop/core/api/feedback';
import { BusinessError } from '../../lib/errors';
import { SNIFF_BYTES, sniffMediaType, type SniffedType } from './file-sniff';

/**
 * Reads the feedback form: the text field and at most one image or video, streamed straight to
 * disk (never held in memory) under a random name. A file that is too large, of another type,
 * or cut off by an aborted upload is removed before the error is raised.
 */
export interface StoredFile extends SniffedType {
  /** Path below the uploads folder, with '/' separators. */
  relativePath: string;
  absolutePath: string;
  /** The name the file had on the user's machine (display only). */
  originalName: string;
  size: number;
}

export interface FeedbackForm {
  text: unknown;
  /** The text field was longer than the multipart field limit. */
  textTruncated: boolean;
  file?: StoredFile;
}

/** Checks the first bytes and counts the rest while the file passes through to disk. */
class MediaInspector extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  type: SniffedType | undefined;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.size += chunk.length;
    if (!this.type && this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES && !this.recognise()) return done(new BusinessError(FEEDBACK_FILE_BAD_TYPE));
    }
    done(null, chunk);
  }

  override _flush(done: (err?: Error | null) => void): void {
    if (this.size > 0 && !this.type && !this.recognise()) return done(new BusinessError(FEEDBACK_FILE_BAD_TYPE));
    done();
  }

  private recognise(): boolean {
    this.type = sniffMediaType(this.head);
    return this.type !== undefined;
  }
}

function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

/** Streams one uploaded file to `root/folder` under a random name (also used by the return requests' pictures). */
export async function storeFile(part: MultipartFile, root: string, folder: string): Promise<StoredFile | undefined> {
  const dir = join(root, folder);
  await mkdir(dir, { recursive: true });
  const name = randomUUID();
  const partPath = join(dir, `${name}.part`);
  const inspector = new MediaInspector();
  try {
    await pipeline(part.file, inspector, createWriteStream(partPath, { flags: 'wx' }));
    if (part.file.truncated) throw new BusinessError(FEEDBACK_FILE_TOO_LARGE);
    // An empty file input sends an empty part: no file.
    if (inspector.size === 0 || !inspector.type) {
      await rm(partPath, { force: true });
      return undefined;
    }
    const fileName = `${name}.${inspector.type.ext}`;
    const absolutePath = join(dir, fileName);
    await rename(partPath, absolutePath);
    return {
      ...inspector.type,
      relativePath: `${folder}/${fileName}`,
      absolutePath,
      originalName: displayName(part.filename),
      size: inspector.size,
    };
  } catch (err) {
    await rm(partPath, { force: true });
    throw err;
  }
}

/** Limits of the feedback form (given per request, so another multipart registration cannot change them). */
export const FEEDBACK_FORM_LIMITS = {
  fileSize: FEEDBACK_FILE_MAX_BYTES,
  files: 1,
  fields: 10,
  parts: 12,
  fieldSize: 64 * 1024,
  headerPairs: 100,
};

function isFileTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Reads a multipart feedback form, storing its file under `root/folder`. */
export async function receiveFeedbackForm(
  request: FastifyRequest,
  root: string,
  folder: string,
): Promise<FeedbackForm> {
  const form: FeedbackForm = { text: undefined, textTruncated: false };
  try {
    for await (const part of request.parts({ limits: FEEDBACK_FORM_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname === FEEDBACK_FIELDS.text) {
          form.text = part.value;
          form.textTruncated = part.valueTruncated;
        }
      } else if (part.fieldname === FEEDBACK_FIELDS.file || part.fieldname === 'file') {
        const stored = await storeFile(part, root, folder);
        if (stored) form.file = stored;
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    if (form.file) await rm(form.file.absolutePath, { force: true });
    if (isFileTooLarge(err)) throw new BusinessError(FEEDBACK_FILE_TOO_LARGE);
    throw err;
  }
  return form;
}
