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
import type { ReserveUpload, UploadTicket } from './upload-quota';

/**
 * Reads the feedback form: the text field and at most one image or video, streamed straight to
 * disk (never held in memory) under a random name. Before the file's first byte is written, room
 * for it is reserved in the company's daily upload quota (upload-quota.ts). A file that is too
 * large, of another type, refused by the quota or cut off by an aborted upload is removed, and its
 * room given back, before the error is raised.
 */
export interface StoredFile extends SniffedType {
  /** Path below the uploads folder, with '/' separators. */
  relativePath: string;
  absolutePath: string;
  /** The name the file had on the user's machine (display only). */
  originalName: string;
  size: number;
  /** Its room in the upload quota, to give back when the feedback is refused after all. */
  ticket: UploadTicket;
}

export interface FeedbackForm {
  text: unknown;
  /** The text field was longer than the multipart field limit. */
  textTruncated: boolean;
  file?: StoredFile;
}

type TransformDone = (err?: Error | null, data?: Buffer) => void;

/**
 * Reserves the file's room on its first byte (an empty part is no file and reserves nothing),
 * then checks the first bytes and counts the rest while the file passes through to disk.
 */
class MediaInspector extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  type: SniffedType | undefined;
  ticket: UploadTicket | undefined;

  constructor(private readonly reserve: () => Promise<UploadTicket>) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformDone): void {
    if (this.ticket) return this.inspect(chunk, done);
    this.reserve().then(
      (ticket) => {
        this.ticket = ticket;
        this.inspect(chunk, done);
      },
      (err: Error) => done(err),
    );
  }

  private inspect(chunk: Buffer, done: TransformDone): void {
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

/**
 * Streams one uploaded file to `root/folder` under a random name, its room reserved in the
 * company's upload quota on its first byte (also used by the return requests' pictures).
 */
export async function storeFile(
  part: MultipartFile,
  root: string,
  folder: string,
  reserve: () => Promise<UploadTicket>,
): Promise<StoredFile | undefined> {
  const dir = join(root, folder);
  await mkdir(dir, { recursive: true });
  const name = randomUUID();
  const partPath = join(dir, `${name}.part`);
  const inspector = new MediaInspector(reserve);
  let absolutePath: string | undefined;
  try {
    await pipeline(part.file, inspector, createWriteStream(partPath, { flags: 'wx' }));
    if (part.file.truncated) throw new BusinessError(FEEDBACK_FILE_TOO_LARGE);
    // An empty file input sends an empty part: no file.
    if (inspector.size === 0 || !inspector.type || !inspector.ticket) {
      await rm(partPath, { force: true });
      await inspector.ticket?.release();
      return undefined;
    }
    const fileName = `${name}.${inspector.type.ext}`;
    absolutePath = join(dir, fileName);
    await rename(partPath, absolutePath);
    await inspector.ticket.keep(inspector.size);
    return {
      ...inspector.type,
      relativePath: `${folder}/${fileName}`,
      absolutePath,
      originalName: displayName(part.filename),
      size: inspector.size,
      ticket: inspector.ticket,
    };
  } catch (err) {
    await rm(partPath, { force: true });
    if (absolutePath) await rm(absolutePath, { force: true });
    await inspector.ticket?.release();
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

/** Room for the form's fields around the file (10 fields of at most 64K). */
const FORM_OVERHEAD = 1024 * 1024;

function isFileTooLarge(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads a multipart feedback form, storing its file under `root/folder` with room reserved by
 * `reserve`: the request's declared length (the file cannot be longer), at most 100MB.
 */
export async function receiveFeedbackForm(
  request: FastifyRequest,
  root: string,
  folder: string,
  reserve: ReserveUpload,
): Promise<FeedbackForm> {
  const declared = Number(request.headers['content-length']);
  const known = Number.isFinite(declared) && declared > 0;
  // A request that cannot hold a file of 100MB or less is refused before it is read.
  if (known && declared > FEEDBACK_FILE_MAX_BYTES + FORM_OVERHEAD) throw new BusinessError(FEEDBACK_FILE_TOO_LARGE);
  const most = known ? Math.min(declared, FEEDBACK_FILE_MAX_BYTES) : FEEDBACK_FILE_MAX_BYTES;
  const form: FeedbackForm = { text: undefined, textTruncated: false };
  try {
    for await (const part of request.parts({ limits: FEEDBACK_FORM_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname === FEEDBACK_FIELDS.text) {
          form.text = part.value;
          form.textTruncated = part.valueTruncated;
        }
      } else if (part.fieldname === FEEDBACK_FIELDS.file || part.fieldname === 'file') {
        const stored = await storeFile(part, root, folder, () => reserve(most));
        if (stored) form.file = stored;
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    if (form.file) {
      await rm(form.file.absolutePath, { force: true });
      await form.file.ticket.release();
    }
    if (isFileTooLarge(err)) throw new BusinessError(FEEDBACK_FILE_TOO_LARGE);
    throw err;
  }
  return form;
}
