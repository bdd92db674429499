import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where stored uploads live, behind one interface so another store (an object store) can take
 * the local folder's place without touching the upload service or the modules.
 *
 * A key is a relative path with '/' separators ('feedback/12/<uuid>.png'), made by the upload
 * service only (never from user input).
 */
export interface FileStorage {
  /** Writes the stream under `key`; the file exists under that key only once it is complete. */
  put(stream: Readable, key: string): Promise<void>;
  /** The stored file and its size, or undefined when it is gone. */
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Removes the file (nothing happens when it is not there). */
  remove(key: string): Promise<void>;
  /** The address a client fetches the file from. */
  url(key: string): string;
  /** The complete files directly in a folder ('content'), with when each was written. */
  list(folder: string): Promise<{ key: string; writtenAt: Date }[]>;
}

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9-]+)*\/[A-Za-z0-9-]+\.[a-z0-9]+$/;

/** The default store: files under one local folder (DATA_DIR/uploads), served by the app itself. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  /** `urlPrefix`: the app's route that serves a file by key (after checking who asks). */
  constructor(
    root: string,
    private readonly urlPrefix: string,
  ) {
    this.root = resolve(root);
  }

  /** The file's path; a key that is not one of ours cannot leave the folder. */
  path(key: string): string {
    if (!KEY.test(key)) throw new Error(`not an upload key: ${key}`);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`not an upload key: ${key}`);
    return path;
  }

  async put(stream: Readable, key: string): Promise<void> {
    const path = this.path(key);
    const partPath = `${path}.part`;
    await mkdir(dirname(path), { recursive: true });
    // The part file is opened before any byte flows, so a failed stream cannot leave the
    // removal racing the write stream's own (asynchronous) open.
    const file = await open(partPath, 'wx');
    try {
      await pipeline(stream, file.createWriteStream());
      await rename(partPath, path);
    } catch (err) {
      await file.close().catch(() => undefined);
      await rm(partPath, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    let path: string;
    try {
      path = this.path(key);
    } catch {
      return undefined;
    }
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    );
    return size === undefined ? undefined : { stream: createReadStream(path), size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  url(key: string): string {
    return `${this.urlPrefix}${key}`;
  }

  async list(folder: string): Promise<{ key: string; writtenAt: Date }[]> {
    const dir = this.path(`${folder}/x.x`).slice(0, -'/x.x'.length);
    const names = await readdir(dir).catch(() => [] as string[]);
    const files: { key: string; writtenAt: Date }[] = [];
    for (const name of names) {
      const key = `${folder}/${name}`;
      if (!KEY.test(key)) continue; // a part file being written, or not ours
      const info = await stat(this.path(key)).catch(() => undefined);
      if (info?.isFile()) files.push({ key, writtenAt: info.mtime });
    }
    return files;
  }
}
