import { DEFAULT_MESSAGE, httpStatusOf } from '@portal/contract/codes';

/**
 * The one business error of the server: `throw new AppError(Code.X)` (the code's default message)
 * or `throw new AppError(Code.X, '…')`. The HTTP status comes from the single code→status table in
 * @portal/contract/codes; the error handler in app.ts turns it into the envelope. Faults that are
 * not a business answer (a bug, a broken database, a gateway failure) are plain errors and end as
 * 500 without details.
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
