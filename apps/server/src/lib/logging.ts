import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawRequestDefaultExpression,
} from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * What the server logs and what it never logs. Secrets (session tokens in a `?shopUser=` link,
 * passwords, SMS codes, the Authorization and Cookie headers) are replaced by REDACTED in every
 * line: request URLs through the `req` serializer, known fields through pino's `redact`.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are secrets (matched on the lower-cased name). */
const SECRET_PARAM =
  /(shopuser|token|passw|pwd|secret|code|captcha|otp|session|auth|sign|cookie|credential|ticket|api_?key|^key$)/;

/** The URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed name is checked as written.
      }
      return eq >= 0 && SECRET_PARAM.test(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fields that are secret wherever a log line carries them (pino redact paths). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'password',
  'body.password',
  'body.newPassword',
  'body.oldPassword',
  'body.code',
  'body.token',
  '*.password',
  '*.token',
  '*.authorization',
  '*.cookie',
];

interface LoggedRequest {
  method: string;
  url: string;
  routeOptions?: { url?: string };
  ip?: string;
  socket?: { remoteAddress?: string };
}

export interface LoggerSettings {
  level: string;
  /** Where the lines go (tests capture them); stdout by default. */
  stream?: DestinationStream;
}

/** The logger options of the Fastify app: levels, redaction and the request serializer. */
export function loggerOptions(settings: LoggerSettings): FastifyServerOptions['logger'] & LoggerOptions {
  return {
    level: settings.level,
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        };
      },
    },
  };
}

/** A client's own X-Request-Id, made safe to log: printable characters, at most 64. */
export function clientRequestId(raw: RawRequestDefaultExpression): string | undefined {
  const given = raw.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  if (!value) return undefined;
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 64);
}

/**
 * One line per answered request, `GET /api/... 200 12ms`: at debug level normally, at warn when
 * it took `slowMs` or more, at error for an HTTP 5xx or a failed answer. Fastify's own
 * "incoming request" / "request completed" pair at info level is not written.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const line = `${request.method} ${redactUrl(request.url)} ${status} ${ms}ms`;
    const fields = { status, ms };
    if (error || status >= 500) reply.log.error({ ...fields, err: error ?? undefined }, line);
    else if (ms >= this.slowMs) reply.log.warn(fields, `slow request: ${line}`);
    else reply.log.debug(fields, line);
  }
}
