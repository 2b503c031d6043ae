// How far a card replacement has got: its own module so that card info (./schemas.ts) and the
// replacement answers (./realName.ts) share it without importing each other.
import { z } from 'zod';

/**
 * Where a card replacement stands, said once by the server (modules/replacement/progress.ts) for
 * /replace_info and for home (card info's `replacement`, while the new card is on its way).
 * The steps: 已提交 → 已寄出 (with the courier and tracking number) → 已收到新卡.
 */
export const ReplacementProgress = z.object({
  status: z.enum(['submitted', 'shipped', 'done', 'rejected']),
  /** one line for the holder, e.g. 新卡已寄出 */
  title: z.string(),
  /** what happens next or why it stopped, e.g. 顺丰速运 SF1234567890，请留意查收 */
  detail: z.string(),
  steps: z.array(z.object({ label: z.string(), state: z.enum(['done', 'current', 'todo', 'failed']) })),
  /** the new card is still on its way: home shows the progress */
  ongoing: z.boolean(),
  carrier: z.string(),
  tracking_no: z.string(),
});
export type ReplacementProgress = z.infer<typeof ReplacementProgress>;
