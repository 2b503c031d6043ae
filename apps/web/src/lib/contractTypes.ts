// Answer types the contract defines as schemas without a matching `export type`. Derived from
// the schemas (type-only: zod never enters the bundle) so they cannot drift.
import type { z } from 'zod';
import type {
  CardPasswordResetAnswer as CardPasswordResetAnswerSchema,
  CardPasswordSmsAnswer as CardPasswordSmsAnswerSchema,
  HasPasswordAnswer as HasPasswordAnswerSchema,
  SmsCodeAnswer as SmsCodeAnswerSchema,
  UnbindCardAnswer as UnbindCardAnswerSchema,
} from '@portal/contract';

export type SmsCodeAnswer = z.infer<typeof SmsCodeAnswerSchema>;
export type HasPasswordAnswer = z.infer<typeof HasPasswordAnswerSchema>;
export type CardPasswordSmsAnswer = z.infer<typeof CardPasswordSmsAnswerSchema>;
export type CardPasswordResetAnswer = z.infer<typeof CardPasswordResetAnswerSchema>;
export type UnbindCardAnswer = z.infer<typeof UnbindCardAnswerSchema>;
