import { Code, DEFAULT_MESSAGE, httpStatusOf } from '@portal/contract/codes';

/**
 * The one error type of the server. Carries a business code; the HTTP status comes from the
 * single code→status table in @portal/contract/codes. Throw it from services; the error handler
 * in app.ts turns it into the envelope.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message?: string) {
    super(message ?? DEFAULT_MESSAGE[code] ?? '请求失败');
    this.code = code;
    this.status = httpStatusOf(code);
  }
}

export const fail = {
  badRequest: (message?: string) => new AppError(Code.BAD_REQUEST, message),
  cardNotFound: () => new AppError(Code.CARD_NOT_FOUND),
  unauthorized: (message?: string) => new AppError(Code.UNAUTHORIZED, message),
  revoked: () => new AppError(Code.SESSION_REVOKED),
  forbidden: (message?: string) => new AppError(Code.FORBIDDEN, message),
  notFound: (message?: string) => new AppError(Code.NOT_FOUND, message),
  rateLimited: (message?: string) => new AppError(Code.RATE_LIMITED, message),
};
