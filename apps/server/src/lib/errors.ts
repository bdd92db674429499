import { ApiStatus, LOGIN_EXPIRED_TEXT } from '@shop/core/api-status';

/**
 * A business refusal: answered as `{ status: 201, msg }` with HTTP 200. `msg` is Chinese and
 * meant for the user. Use it also for "not found", including another company's ids, so that a
 * foreign id and a missing one look the same.
 */
export class BusinessError extends Error {
  readonly status = ApiStatus.refused;
  constructor(message: string) {
    super(message);
    this.name = 'BusinessError';
  }
}

export type LoginFailure =
  typeof ApiStatus.loginExpired | typeof ApiStatus.loginInvalid | typeof ApiStatus.loginRequired;

/** The login is missing, unknown or expired: `{ status: 101 | 102 | 401 }` with HTTP 200. */
export class LoginError extends Error {
  constructor(
    readonly status: LoginFailure,
    message: string = LOGIN_EXPIRED_TEXT,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

/** A real HTTP error (403, 404, 413, 429, ...) with a Chinese message in the envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function refuse(message: string): never {
  throw new BusinessError(message);
}
