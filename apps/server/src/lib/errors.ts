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

/**
 * How an error that is not a business answer (an outside system refusing, down, over its limit)
 * is answered: the error handler (plugins/errorMapping.ts) sends `status` with the envelope
 * `{ code, message, data: null }` and logs `log` at warn. The error says it itself, through
 * `[answerInEnvelope]`, so the handler knows this shape and no integration.
 */
export interface EnvelopeAnswer {
  status: number;
  code: number;
  message: string;
  /** what the handler logs at warn: a message and the fields that explain it (no personal data) */
  log: { message: string; fields: Record<string, unknown> };
}

export const answerInEnvelope: unique symbol = Symbol('answerInEnvelope');

export interface AnswersInEnvelope {
  [answerInEnvelope](): EnvelopeAnswer;
}

export function answersInEnvelope(err: unknown): err is AnswersInEnvelope {
  return typeof err === 'object' && err !== null && typeof (err as Partial<AnswersInEnvelope>)[answerInEnvelope] === 'function';
}
