// The payee's confirmation of a WeChat transfer (/payee_confirm, open without login; the link's
// token is the credential: docs/decisions/0039-payee-confirms-transfer.md). The page shows the
// amount, the agent and the payee (masked), and while the transfer waits for the payee, what
// WeChat's requestMerchantTransfer is called with.
import { z } from 'zod';

export const PayeeConfirmToken = z
  .string({ error: '收款链接无效，请向财务索取新的收款链接' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '收款链接无效，请向财务索取新的收款链接');

export const PayeeConfirmQuery = z.object({ t: PayeeConfirmToken });

/** waiting: the payee can confirm now; transferring: confirmed, on its way; paid; closed: failed, cancelled or expired */
export const PAYEE_CONFIRM_STATES = ['waiting', 'transferring', 'paid', 'closed'] as const;

export const PayeeConfirmAnswer = z.object({
  payout_no: z.string(),
  /** yuan */
  amount: z.number(),
  agent_name: z.string(),
  /** masked: 张* */
  payee: z.string(),
  state: z.enum(PAYEE_CONFIRM_STATES),
  /** when the gateway closes the transfer unconfirmed (ISO) */
  expires_at: z.string(),
  /** why a closed transfer closed */
  closed_reason: z.string(),
  /** requestMerchantTransfer's mchId, appId and package: only while waiting */
  transfer: z.object({ mch_id: z.string(), app_id: z.string(), package_info: z.string() }).nullable(),
});
export type PayeeConfirmAnswer = z.infer<typeof PayeeConfirmAnswer>;
