// Cards in the operator console (docs/decisions/0018): search at a million cards (server-side filters,
// keyset pagination on id, no COUNT), CSV export, a card's whole story. Imports and bulk jobs are
// in ./cardImports.ts and ./bulkJobs.ts.
import { z } from 'zod';
import { LineAnswer } from '../schemas';
import { adminArea } from './define';

const iso = z.iso.datetime({ offset: true, error: '时间格式有误' });
const page = (what: string) => z.coerce.number({ error: `${what}有误` }).int(`${what}有误`);

/** The filters of the card search (and of its CSV export). Every text filter is optional. */
export const CardSearchQuery = z.object({
  /** prefix of the card number, the ICCID or the MSISDN (whichever it matches) */
  number: z
    .string()
    .trim()
    .max(20, '号码最多 20 位')
    .regex(/^[0-9A-Za-z]*$/, '号码只能包含数字和字母')
    .optional(),
  agent_id: page('代理').positive('代理有误').optional(),
  state: page('卡状态').min(0, '卡状态有误').max(99, '卡状态有误').optional(),
  /** the network (supplier) code */
  supplier: page('运营商').min(0, '运营商有误').max(99, '运营商有误').optional(),
  series_id: page('套餐系列').positive('套餐系列有误').optional(),
  /** 'yes': real-named, 'no': not */
  real_name: z.enum(['yes', 'no'], { error: '实名状态有误' }).optional(),
  /** 'yes': bound to a user, 'no': bound to nobody */
  bound: z.enum(['yes', 'no'], { error: '绑定状态有误' }).optional(),
  /** the bound user's mobile, exactly */
  mobile: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入 11 位手机号')
    .optional(),
  created_from: iso.optional(),
  created_to: iso.optional(),
  /** keyset paging: the id of the last card of the previous page */
  before_id: page('分页参数').positive('分页参数有误').optional(),
  limit: page('分页参数').min(1, '分页参数有误').max(100, '每页最多 100 条').default(50),
});

export const CardRow = z.object({
  id: z.number().int(),
  custom_num: z.string(),
  iccid: z.string(),
  isdn: z.string(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  state: z.number().int(),
  state_label: z.string(),
  supplier: z.number().int(),
  supplier_label: z.string(),
  series_ids: z.array(z.number().int()),
  real_named: z.boolean(),
  bound: z.boolean(),
  need_change_card: z.boolean(),
  balance_fen: z.number().int(),
  expired_at: z.string(),
  created_at: z.string(),
  import_batch_id: z.number().int().nullable(),
});

export const CardSearchAnswer = z.object({
  items: z.array(CardRow),
  /** pass as before_id for the next page; null: no more */
  next_before_id: z.number().int().nullable(),
});

export const CardStoryQuery = z.object({
  /** the card number */
  card: z
    .string({ error: '请输入卡号' })
    .trim()
    .regex(/^\d{6,20}$/, '请输入正确的卡号'),
});

const Masked = z.object({ name: z.string(), mobile: z.string() });

export const CardStoryAnswer = z.object({
  card: CardRow.extend({
    stop_reason: z.string(),
    package_series: z.array(z.object({ id: z.number().int(), name: z.string() })),
    flow_synced_at: z.string(),
    /** the carrier platform account of the card's line (docs/decisions/0030) */
    carrier_account: z.string(),
    /** the platform's own status code as last read ('' never read): what support quotes to the carrier when the state is 状态未知 */
    carrier_raw_state: z.string(),
  }),
  binding: z.object({ user_id: z.number().int(), mobile: z.string(), bound_at: z.string() }).nullable(),
  /** the line as the holder's pages show it (the one read model: @portal/domain/line), so support reads what the holder reads */
  line: LineAnswer,
  /** recent days of usage, newest first */
  usage: z.array(z.object({ day: z.string(), used_kb: z.number() })),
  packages: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      package_type: z.number().int(),
      total_kb: z.number(),
      started_at: z.string(),
      expired_at: z.string(),
      order_no: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      order_no: z.string(),
      title: z.string(),
      goods_type: z.string(),
      payable_fen: z.number().int(),
      state: z.string(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      amount_fen: z.number().int(),
      kind: z.string(),
      order_no: z.string(),
      balance_after_fen: z.number().int(),
      note: z.string(),
      created_at: z.string(),
    }),
  ),
  /** masked: never the ID number */
  real_name: z.object({ real_named: z.boolean(), carrier_real_named: z.boolean(), holder: Masked.nullable() }),
  device: z.object({ serial: z.string(), bound_at: z.string() }).nullable(),
  diagnoses: z.array(
    z.object({ id: z.number().int(), kind: z.string(), overall: z.string(), headline: z.string(), created_at: z.string() }),
  ),
  tickets: z.array(
    z.object({ id: z.number().int(), ticket_no: z.string(), category: z.string(), status: z.string(), created_at: z.string() }),
  ),
});

export const adminCardsEndpoints = adminArea({
  adminCardSearch: {
    route: 'GET /admin/cards',
    tags: ['admin cards'],
    summary: '卡片搜索：按号码前缀、代理、状态、运营商、套餐系列、实名、绑定、手机号、创建时间筛选，按编号倒序键集分页',
    query: CardSearchQuery,
    answer: CardSearchAnswer,
  },
  adminCardExport: {
    route: 'GET /admin/cards/export',
    raw: true,
    tags: ['admin cards'],
    summary: '导出卡片（CSV，UTF-8 带 BOM，筛选条件同搜索，最多 50000 行）',
    query: CardSearchQuery.omit({ before_id: true, limit: true }),
  },
  adminCardStory: {
    route: 'GET /admin/cards/story',
    tags: ['admin cards'],
    summary: '一张卡的全貌：信息、用量、套餐、订单、余额流水、实名（脱敏）、设备、诊断、工单',
    query: CardStoryQuery,
    answer: CardStoryAnswer,
  },
});
