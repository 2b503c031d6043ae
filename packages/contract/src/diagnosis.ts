// Smart diagnosis (/card_check, no login) and the card test (/check): checks that each end
// 正常 / 异常 / 无法判断 with a plain sentence and one fix (docs/decisions/0014-diagnosis-and-stop-reasons.md).
import { z } from 'zod';
import { CardNum, DateTime, Fix, StopReasonInfo } from './schemas';

export const CHECK_STATUS = ['ok', 'problem', 'unknown'] as const;
export const CHECK_KEY = ['card_state', 'real_name', 'package', 'balance', 'apn', 'device', 'signal', 'sync'] as const;

export const DiagnosisCheck = z.object({
  key: z.enum(CHECK_KEY),
  title: z.string(),
  status: z.enum(CHECK_STATUS),
  verdict: z.string(),
  fix: Fix.nullable(),
});
export type DiagnosisCheck = z.infer<typeof DiagnosisCheck>;

export const DiagnosisQuery = z.object({
  custom_num: CardNum,
  /**
   * '1': ask the carrier again now (刷新数据; rate-limited per card). 'paid': the same, just after an
   * order for the card was paid — its own allowance, so that 刷新数据 right after paying is not
   * refused for it (rate-limited per card too).
   */
  refresh: z.enum(['0', '1', 'paid'], { error: '参数有误' }).optional(),
});

/** One earlier diagnosis, as it was shown to the owner. */
export const DiagnosisRecord = z.object({
  at: DateTime,
  kind: z.enum(['card_check', 'line_test']),
  overall: z.enum(CHECK_STATUS),
  headline: z.string(),
});

export const CardDiagnosis = z.object({
  custom_num: z.string(),
  /** 'visitor': no personal data (no balance, no package figures, masked numbers); 'owner': everything */
  view: z.enum(['visitor', 'owner']),
  masked_iccid: z.string(),
  /** the network the user knows (中国联通 …), "" unknown */
  network: z.string(),
  state: z.number().int(),
  state_label: z.string(),
  stop_reason: StopReasonInfo.nullable(),
  is_device: z.boolean(),
  overall: z.enum(CHECK_STATUS),
  headline: z.string(),
  checks: z.array(DiagnosisCheck),
  /** when the carrier data was last synced, "" never */
  synced_at: DateTime,
  /** whether this answer asked the carrier again (refresh=1 and not rate-limited) */
  refreshed: z.boolean(),
  /** seconds until a refresh is allowed again (0 = now) */
  retry_after_seconds: z.number().int(),
  diagnosed_at: DateTime,
  /** the owner's earlier diagnoses of this card, newest first (empty for a visitor) */
  history: z.array(DiagnosisRecord),
});
export type CardDiagnosis = z.infer<typeof CardDiagnosis>;

export const LineTestAnswer = z.object({
  custom_num: z.string(),
  overall: z.enum(CHECK_STATUS),
  headline: z.string(),
  checks: z.array(DiagnosisCheck),
  tested_at: DateTime,
});
export type LineTestAnswer = z.infer<typeof LineTestAnswer>;
