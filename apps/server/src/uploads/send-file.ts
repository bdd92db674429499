import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored file as a route sends it to the logged-in account that may read it. */
export interface PrivateFile {
  stream: Readable;
  size: number;
  mime: string;
}

export interface PrivateFileOptions {
  /** The name the browser shows (content-disposition inline); no header when left out. */
  filename?: string;
  /** A sandboxing content security policy, for files whose type is not checked at display. */
  sandbox?: boolean;
}

/** Sends a stored upload: private cache for an hour, never sniffed, optionally named and sandboxed. */
export function sendPrivateFile(
  reply: FastifyReply,
  file: PrivateFile,
  options: PrivateFileOptions = {},
): FastifyReply {
  reply
    .type(file.mime)
    .header('content-length', file.size)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff');
  if (options.sandbox) reply.header('content-security-policy', "default-src 'none'; sandbox");
  if (options.filename !== undefined) {
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(options.filename)}`);
  }
  return reply.send(file.stream);
}
