import type { Readable } from 'node:stream';
import type { Image } from '@napi-rs/canvas';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { FileStorage } from '../../uploads/storage';
import { partPicture } from '../media/pictures';
import { decodePicture } from './render';

/**
 * A part's picture for a poster, from its /media path: the drawn part pictures and the pictures
 * staff uploaded (the upload storage). Decoded pictures are kept (a part's picture never changes
 * under its name, uploads are named by a random id), up to a bound, so a warm render decodes none.
 */
const KEPT = 500;
const kept = new Map<string, Promise<Image | null>>();

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function load(path: string, variant: BrandVariant, storage: FileStorage): Promise<Image | null> {
  const drawn = /^\/media\/parts\/([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,2})\.svg$/.exec(path);
  if (drawn) {
    const svg = partPicture(drawn[1]!, Number(drawn[2]), variant);
    return svg ? decodePicture(Buffer.from(svg)) : null;
  }
  const uploaded = /^\/media\/content\/([0-9a-f-]{36}\.(?:jpg|jpeg|png|webp|gif))$/.exec(path);
  if (uploaded) {
    const file = await storage.get(`content/${uploaded[1]}`);
    return file ? decodePicture(await bytesOf(file.stream)) : null;
  }
  // Pictures on other hosts are not fetched by the server.
  return null;
}

export function posterPicture(path: string, variant: BrandVariant, storage: FileStorage): Promise<Image | null> {
  let picture = kept.get(path);
  if (!picture) {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    // A picture that fails to decode is drawn as '暂无图片'.
    picture = load(path, variant, storage).catch(() => null);
    kept.set(path, picture);
  }
  return picture;
}
