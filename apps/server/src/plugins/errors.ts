import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiStatus, SERVER_FAULT_TEXT } from '@shop/core/api-status';
import { BusinessError, HttpError, LoginError } from '../lib/errors';
import { useChineseZodMessages } from '../lib/zod-messages';
import { UNROUTED_ANSWER_HEADERS } from './security-headers';

/**
 * Maps every error to the `{ status, msg, data }` envelope (design.md section 4): business
 * refusals and login failures with HTTP 200, client mistakes with their real HTTP code and a
 * Chinese message, server faults logged with the request id and answered generically.
 * A stack trace never reaches the client.
 */
/** Every field error starts so; a schema's own text says only what is wrong ('商品编号不正确'). */
const FIELD_ERROR_PREFIX = '请求参数错误';

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A field of the query or body is named; a part of the path is not (the address is the user's,
    // the parameter's name is ours): '订单号不正确', not 'orders_no 订单号不正确'.
    const inPath = error.validationContext === 'params';
    const path = inPath ? '' : first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || '';
    const where = path ? `${path} ` : '';
    return `${FIELD_ERROR_PREFIX}：${where}${first?.message ?? '格式不正确'}`.trim();
  }
  return `${FIELD_ERROR_PREFIX}：${error.message}`;
}

const CLIENT_ERROR_TEXTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_REQ_FILE_TOO_LARGE: '文件过大',
  FST_FILES_LIMIT: '文件数量过多',
  FST_FIELDS_LIMIT: '表单内容过多',
  FST_PARTS_LIMIT: '表单内容过多',
  FST_PROTO_VIOLATION: '请求内容不正确',
  FST_MP_PREMATURE_CLOSE: '上传未完成，请重新提交',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请求内容不是有效的表单',
};

// Zod's own messages (wrong types, a missing body) in Chinese; the schemas give their own where it matters.
useChineseZodMessages();

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The error envelope is not the route's success schema: send it as plain JSON.
    reply.serializer(JSON.stringify);
    if (error instanceof BusinessError) {
      return reply.code(200).send({ status: ApiStatus.refused, msg: error.message, data: null });
    }
    if (error instanceof LoginError) {
      return reply.code(200).send({ status: error.status, msg: error.message, data: null });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ status: error.statusCode, msg: error.message, data: null });
    }
    if (error.validation) {
      return reply.code(400).send({ status: 400, msg: validationMessage(error), data: null });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const msg =
        CLIENT_ERROR_TEXTS[error.code] ??
        (error.statusCode === 429 ? '请求过于频繁，请稍后再试' : `请求错误(${error.statusCode})`);
      return reply.code(error.statusCode).send({ status: error.statusCode, msg, data: null });
    } else {
      request.log.error({ err: error, req: request }, 'unhandled error');
    }
    return reply.code(200).send({
      status: ApiStatus.serverError,
      msg: `${SERVER_FAULT_TEXT}（请求编号 ${request.id}）`,
      data: null,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ status: 404, msg: `接口不存在：${request.method} ${request.url.split('?')[0]}`, data: null });
  });
});

/** What a request Fastify could not route answers (the `frameworkErrors` option). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [statusCode, msg] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, '请求地址不正确']
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, '请求地址过长']
        : [500, SERVER_FAULT_TEXT];
  if (statusCode === 500) request.log.error({ err: error, req: request }, 'framework error');
  void reply.code(statusCode).headers(UNROUTED_ANSWER_HEADERS).send({ status: statusCode, msg, data: null });
}

/** The answers to a request the HTTP parser refused or that timed out, by error code. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, '请求超时(408)'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '请求头过大(431)'];
  if (code === 'HPE_CONTENT_LENGTH_MISMATCH' || code === 'HPE_INVALID_CONTENT_LENGTH')
    return [400, '请求内容长度不正确'];
  return [400, '请求错误(400)'];
}

/**
 * Node's `clientError`: a request that could not be parsed, or whose headers or body did not
 * arrive in time (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS). Answers the envelope, as Node itself
 * would, only while nothing of an answer went out on the socket; then closes the connection.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, msg] = clientErrorAnswer(err.code);
  this.log.debug({ code: err.code, statusCode }, 'client error');
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ status: statusCode, msg, data: null });
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
