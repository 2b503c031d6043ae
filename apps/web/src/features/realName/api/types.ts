// Answer and request types of the issue-3 real-name calls, derived from the contract's zod
// schemas (type-only: zod never enters the bundle), so they cannot drift from the server.
import type { z } from 'zod';
import type {
  CardRealNameAnswer as CardRealNameAnswerSchema,
  CardRealNameRequest as CardRealNameRequestSchema,
  RealNameData as RealNameDataSchema,
  RealNameStart as RealNameStartSchema,
  RealNameStatus as RealNameStatusSchema,
} from '@portal/contract';

/** `need_photos`: the server may say whether the carrier needs ID photos (else: Telecom, CME). */
export type RealNameData = z.infer<typeof RealNameDataSchema> & { need_photos?: boolean };
export type CardRealNameRequest = z.infer<typeof CardRealNameRequestSchema>;
export type CardRealNameAnswer = z.infer<typeof CardRealNameAnswerSchema>;
export type RealNameStart = z.infer<typeof RealNameStartSchema>;
export type RealNameStatus = z.infer<typeof RealNameStatusSchema>;
