import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { uploads } from '../db/schema/uploads';
import { BusinessError, HttpError } from '../lib/errors';
import { auditActor, writeAudit } from '../modules/staff/audit';
import { SNIFF_BYTES, type SniffedType } from './file-sniff';
import { narrowKind, sniffForKind, UPLOAD_KINDS, type UploadKind, type UploadKindName } from './kinds';
import type { FileStorage } from './storage';
import { uploadReserver, type UploadLimits, type UploadOwner, type UploadTicket } from './upload-quota';

/**
 * The one way uploaded files come in (docs/decisions/0030). A route names the kind (kinds.ts)
 * and the form's file fields; the service reads the multipart form with that kind's limits,
 * checks each file's content and size, and either stores it (streamed, counted in the quota,
 * recorded in the uploads table) or hands its bytes over. A refused file leaves nothing behind:
 * its stored bytes, its row and its room in the quota go again.
 */
export interface StoredUpload extends SniffedType {
  /** Row in the uploads table. */
  id: number;
  /** Where the storage keeps it ('feedback/12/<uuid>.png'). */
  key: string;
  url: string;
  /** The name the file had on the user's machine (display only). */
  originalName: string;
  size: number;
  /** Its room in the upload quota, given back by discard(). */
  ticket: Ticket;
}

/** The room a stored file holds in a quota (none for the shop's own media). */
type Ticket = Pick<UploadTicket, 'keep' | 'release'>;

/** Staff uploads (the shop's own media, a company's answer pictures): counted in no company's quota. */
const UNMETERED: Ticket = { keep: async () => {}, release: async () => {} };

/** Where one stored file goes: its key's folder, its room in a quota, its row in the uploads table. */
interface StoreTarget {
  folder: string;
  reserve: () => Promise<Ticket>;
  /** Records the stored file and answers its row id (none: 0, the file is the shop's own). */
  record?: (file: { key: string; type: SniffedType; size: number; originalName: string }) => Promise<number>;
}

export interface MemoryUpload extends SniffedType {
  bytes: Buffer;
  originalName: string;
}

export interface UploadForm<F> {
  /** The text fields (the last value of a repeated name). */
  fields: Record<string, string>;
  /** Names of the fields cut at the field size limit. */
  truncated: Set<string>;
  files: F[];
}

export interface FormOptions {
  /** Multipart field names that carry files of the kind; files under other names are skipped. */
  fileFields: readonly string[];
  /** Files accepted (default 1); more answer `tooMany` (or the multipart 413). */
  maxFiles?: number;
  /** Refusal when there are more files than `maxFiles`. */
  tooMany?: string;
  /** Text fields accepted (default 10). */
  maxFields?: number;
}

export interface StoredFormOptions extends FormOptions {
  /** Sent by staff for the company: in none of the company's limits. */
  byStaff?: boolean;
}

export interface ShopMediaOptions extends FormOptions {
  /** The folder the files go to (default: the kind's). */
  folder?: string;
  /** Pictures only: a video is refused with this text as it streams, before anything is stored. */
  picturesOnly?: string;
}

/** Room for the form's text fields around its files. */
const FORM_OVERHEAD = 1024 * 1024;

function errorCode(err: unknown): unknown {
  return (err as { code?: unknown } | null)?.code;
}

/** A form the multipart parser could not read (cut short, without its boundary). */
export const MALFORMED_FORM_TEXT = '上传的内容不完整或格式不正确，请重新提交';

/**
 * busboy's own errors ('Unexpected end of multipart data', 'Multipart: Boundary not found',
 * 'Unsupported Content-Type.') are plain errors without a code; the parser's limits carry an
 * FST_ code (plugins/errors.ts answers them), storage and database errors a code of their own.
 */
function isMalformedForm(err: unknown): boolean {
  return (
    err instanceof Error &&
    !(err instanceof BusinessError || err instanceof HttpError) &&
    errorCode(err) === undefined &&
    /multipart|boundary|content-type/i.test(err.message)
  );
}

function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

function extensionOf(filename: string): string {
  return /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
}

type TransformDone = (err?: Error | null, data?: Buffer) => void;

/**
 * Passes a file through while checking it: its room in the quota is reserved on its first byte
 * (an empty part is no file and reserves nothing), its first bytes must be of the kind. `typed`
 * settles once the type is known (undefined: the file was empty).
 */
class Inspector extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  type: SniffedType | undefined;
  ticket: Ticket | undefined;
  /**
   * The room once reserving is over (undefined: never started or refused). A file cut off while
   * its room is being reserved gets it only after it failed: it is given back from here.
   */
  reserved: Promise<Ticket | undefined> = Promise.resolve(undefined);
  readonly typed: Promise<SniffedType | undefined>;
  private settle!: (type: SniffedType | undefined) => void;
  private fail!: (err: Error) => void;

  constructor(
    private readonly kind: UploadKind,
    private readonly reserve: () => Promise<Ticket>,
  ) {
    super();
    this.typed = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
    this.typed.catch(() => {});
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformDone): void {
    if (this.ticket) return this.inspect(chunk, done);
    const reserving = this.reserve();
    this.reserved = reserving.catch(() => undefined);
    reserving.then(
      (ticket) => {
        this.ticket = ticket;
        this.inspect(chunk, done);
      },
      (err: Error) => this.refuse(err, done),
    );
  }

  private inspect(chunk: Buffer, done: TransformDone): void {
    this.size += chunk.length;
    if (!this.type && this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      const refusal = this.head.length >= SNIFF_BYTES ? this.recognise() : undefined;
      if (refusal) return this.refuse(new BusinessError(refusal), done);
    }
    done(null, chunk);
  }

  override _flush(done: (err?: Error | null) => void): void {
    const refusal = this.size > 0 && !this.type ? this.recognise() : undefined;
    if (refusal) return this.refuse(new BusinessError(refusal), done);
    this.settle(this.type);
    done();
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    this.fail(err ?? new Error('upload closed'));
    done(err);
  }

  /** Sets the file's type from its first bytes; answers the refusal's text when the kind does not take it. */
  private recognise(): string | undefined {
    const sniffed = sniffForKind(this.kind, this.head);
    if ('refusal' in sniffed) return sniffed.refusal;
    this.type = sniffed.type;
    this.settle(this.type);
    return undefined;
  }

  private refuse(err: Error, done: (err?: Error | null) => void): void {
    this.fail(err);
    done(err);
  }
}

export class UploadService {
  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
    private readonly limits: UploadLimits,
  ) {}

  /**
   * Reads a multipart form whose files are stored (a stored kind), owned by the company and counted
   * in its limits. `byStaff`: a staff member sends them for the company (a question's answer
   * pictures): owned by it, so its dealers are served them, but counted in none of its limits (its
   * daily quota, its accounts' upload rate); a staff upload is bounded by the kind's size and the
   * back office's own request limit.
   */
  async receiveStored(
    request: FastifyRequest,
    auth: UploadOwner,
    kindName: UploadKindName,
    options: StoredFormOptions,
  ): Promise<UploadForm<StoredUpload>> {
    const metered = !options.byStaff;
    const kind = this.kindOf(kindName, 'storage');
    const most = this.checkDeclaredLength(request, kind, options);
    const reserve = uploadReserver(this.db, auth, this.limits);
    return this.readStoredForm(request, kind, options, {
      folder: `${kind.folder}/${auth.companyId}`,
      reserve: metered ? () => reserve(most) : async () => UNMETERED,
      record: async (file) => {
        const [row] = await this.db
          .insert(uploads)
          .values({
            companyId: auth.companyId,
            accountId: auth.accountId,
            kind: kind.name,
            key: file.key,
            mediaType: file.type.mime,
            size: file.size,
            originalName: file.originalName,
            claimedAt: kind.claimedOnStore ? new Date() : null,
          })
          .returning({ id: uploads.id });
        return row!.id;
      },
    });
  }

  /**
   * Reads a multipart form of the shop's own media, sent by staff (banners, the parts' pictures
   * and videos): stored under `options.folder` (default the kind's), in no company's quota and
   * without a row (the key is the reference; the folder is served to everyone, and the media
   * cleanup job deletes a file no row references: uploads/unreferenced-media.ts). Id 0.
   * Each stored file is audited as the staff member's ('media.upload', its key the entity), with
   * the files: an audit that cannot be written takes them away again.
   */
  async receiveShopMedia(
    request: FastifyRequest,
    kindName: UploadKindName,
    options: ShopMediaOptions,
  ): Promise<UploadForm<StoredUpload>> {
    const actor = auditActor(request);
    const ofKind = this.kindOf(kindName, 'storage');
    const kind = options.picturesOnly ? narrowKind(ofKind, ['image'], options.picturesOnly) : ofKind;
    this.checkDeclaredLength(request, kind, options);
    const folder = options.folder ?? kind.folder!;
    const form = await this.readStoredForm(request, kind, options, { folder, reserve: async () => UNMETERED });
    try {
      await this.db.transaction(async (tx) => {
        for (const file of form.files) {
          await writeAudit(tx, actor, {
            action: 'media.upload',
            entityType: 'media',
            entityId: file.key,
            before: null,
            after: { key: file.key, name: file.originalName, size: file.size, mime: file.mime },
          });
        }
      });
    } catch (err) {
      await this.discard(form.files);
      throw err;
    }
    return form;
  }

  private readStoredForm(
    request: FastifyRequest,
    kind: UploadKind,
    options: FormOptions,
    target: StoreTarget,
  ): Promise<UploadForm<StoredUpload>> {
    return this.readForm<StoredUpload>(
      request,
      kind,
      options,
      async (part, form) => {
        const stored = await this.storeFile(part, kind, target);
        if (stored) form.files.push(stored);
      },
      (form) => this.discard(form.files),
    );
  }

  /** Reads a multipart form whose files are kept in memory (a memory kind), checked. */
  async receiveInMemory(
    request: FastifyRequest,
    kindName: UploadKindName,
    options: FormOptions,
  ): Promise<UploadForm<MemoryUpload>> {
    const kind = this.kindOf(kindName, 'memory');
    this.checkDeclaredLength(request, kind, options);
    const form = await this.readForm<MemoryUpload>(request, kind, options, async (part, f) => {
      const bytes = await part.toBuffer();
      // No file chosen: a browser still sends the part, empty and without a name.
      if (bytes.length === 0 && !part.filename) return;
      f.files.push({ ...this.check(kindName, bytes, part.filename), bytes, originalName: displayName(part.filename) });
    });
    return form;
  }

  /** Checks bytes already in memory (a memory kind: size, name, content); answers their type. */
  check(kindName: UploadKindName, bytes: Buffer, filename?: string): SniffedType {
    const kind = UPLOAD_KINDS[kindName];
    if (bytes.length > kind.maxBytes) throw new BusinessError(kind.texts.tooLarge);
    if (kind.extensions && filename !== undefined && !kind.extensions.includes(extensionOf(filename))) {
      throw new BusinessError(kind.texts.badName ?? kind.texts.badType);
    }
    if (bytes.length === 0) throw new BusinessError(kind.texts.empty ?? kind.texts.badType);
    const sniffed = sniffForKind(kind, bytes.subarray(0, SNIFF_BYTES));
    if ('refusal' in sniffed) throw new BusinessError(sniffed.refusal);
    return sniffed.type;
  }

  /** Removes stored uploads again (the form was refused): their files, rows and room in the quota. */
  async discard(files: readonly StoredUpload[]): Promise<void> {
    if (files.length === 0) return;
    await Promise.all(files.map((f) => this.storage.remove(f.key).catch(() => {})));
    await this.db
      .delete(uploads)
      .where(
        inArray(
          uploads.id,
          files.map((f) => f.id),
        ),
      )
      .catch(() => {});
    await Promise.all(files.map((f) => f.ticket.release()));
  }

  /** A stored file of the caller's company, by key; another company's (or none) is 404. */
  async open(auth: UploadOwner, key: string): Promise<{ stream: Readable; size: number; mime: string; name: string }> {
    const [row] = await this.db
      .select({ mediaType: uploads.mediaType, originalName: uploads.originalName })
      .from(uploads)
      .where(and(eq(uploads.key, key), eq(uploads.companyId, auth.companyId)))
      .limit(1);
    const file = row ? await this.storage.get(key) : undefined;
    if (!row || !file) throw new HttpError(404, '文件不存在');
    return { ...file, mime: row.mediaType, name: row.originalName };
  }

  private kindOf(name: UploadKindName, store: UploadKind['store']): UploadKind {
    const kind = UPLOAD_KINDS[name];
    if (kind.store !== store) throw new Error(`upload kind ${name} is not kept in ${store}`);
    return kind;
  }

  /**
   * Refuses a request that cannot hold files within the kind's size before it is read; answers
   * the most one file of it can be (the room reserved for it in the quota).
   */
  private checkDeclaredLength(request: FastifyRequest, kind: UploadKind, options: FormOptions): number {
    const declared = Number(request.headers['content-length']);
    const known = Number.isFinite(declared) && declared > 0;
    if (known && declared > kind.maxBytes * (options.maxFiles ?? 1) + FORM_OVERHEAD) {
      throw new BusinessError(kind.texts.tooLarge);
    }
    if (!request.isMultipart()) throw new BusinessError(kind.texts.noFile ?? kind.texts.badType);
    return known ? Math.min(declared, kind.maxBytes) : kind.maxBytes;
  }

  private async readForm<F>(
    request: FastifyRequest,
    kind: UploadKind,
    options: FormOptions,
    onFile: (part: MultipartFile, form: UploadForm<F>) => Promise<void>,
    onError?: (form: UploadForm<F>) => Promise<void>,
  ): Promise<UploadForm<F>> {
    const maxFiles = options.maxFiles ?? 1;
    const maxFields = options.maxFields ?? 10;
    const limits = {
      fileSize: kind.maxBytes,
      files: maxFiles,
      fields: maxFields,
      parts: maxFiles + maxFields + 2,
    };
    const form: UploadForm<F> = { fields: {}, truncated: new Set(), files: [] };
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
          if (part.valueTruncated) form.truncated.add(part.fieldname);
        } else if (options.fileFields.includes(part.fieldname)) {
          await onFile(part, form);
        } else {
          part.file.resume();
        }
      }
    } catch (err) {
      await onError?.(form);
      const code = errorCode(err);
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BusinessError(kind.texts.tooLarge);
      if (code === 'FST_FILES_LIMIT' && options.tooMany) throw new BusinessError(options.tooMany);
      if (isMalformedForm(err)) throw new HttpError(400, MALFORMED_FORM_TEXT);
      throw err;
    }
    return form;
  }

  /** Streams one file to the storage under a random name, with its room reserved on its first byte. */
  private async storeFile(
    part: MultipartFile,
    kind: UploadKind,
    target: StoreTarget,
  ): Promise<StoredUpload | undefined> {
    const inspector = new Inspector(kind, target.reserve);
    const flowing = pipeline(part.file, inspector);
    flowing.catch(() => {});
    let key: string | undefined;
    try {
      const type = await inspector.typed;
      if (!type) {
        // An empty file input sends an empty part: no file.
        inspector.resume();
        await flowing;
        if (kind.texts.empty && part.filename) throw new BusinessError(kind.texts.empty);
        return undefined;
      }
      key = `${target.folder}/${randomUUID()}.${type.ext}`;
      await Promise.all([flowing, this.storage.put(inspector, key)]);
      if (part.file.truncated) throw new BusinessError(kind.texts.tooLarge);
      const ticket = inspector.ticket!;
      await ticket.keep(inspector.size);
      const originalName = displayName(part.filename);
      const size = inspector.size;
      const id = target.record ? await target.record({ key, type, size, originalName }) : 0;
      return { ...type, id, key, url: this.storage.url(key), originalName, size, ticket };
    } catch (err) {
      await flowing.catch(() => {});
      if (key) await this.storage.remove(key).catch(() => {});
      await (await inspector.reserved)?.release();
      throw err;
    }
  }
}
