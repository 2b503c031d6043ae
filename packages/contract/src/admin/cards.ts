// Cards in the operator console (docs/decisions/0018): search at a million cards (server-side filters,
// keyset pagination on id, no COUNT), CSV export, a card's whole story. Imports and bulk jobs are
// in ./cardImports.ts and ./bulkJobs.ts.
import { z } from 'zod';
import { CardInfoAnswer, ClewAnswer, LineAnswer, PackageUsage } from '../schemas';
import { SUGGEST_CATEGORIES } from '../patterns/tickets';
import { adminArea } from './define';

const iso = z.iso.datetime({ offset: true, error: '时间格式有误' });
const page = (what: string) => z.coerce.number({ error: `${what}有误` }).int(`${what}有误`);

/** The filters of the card search (and of its CSV export). Every text filter is optional. */
export const CardSearchQuery = z.object({
  /**
   * any identifier — card number, ICCID, MSISDN or IMSI — whole or its beginning; 4–8 characters
   * also match its end (the last digits a holder reads out on the phone)
   */
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
  /** the line's IMSI, '' unknown */
  imsi: z.string(),
  /** the plan in force with its remaining data and last day, from the one read model of a line (docs/decisions/0029); null none */
  plan: PackageUsage.nullable(),
});

export const CardSearchAnswer = z.object({
  items: z.array(CardRow),
  /** pass as before_id for the next page; null: no more */
  next_before_id: z.number().int().nullable(),
});

/** Any of a card's identifiers: card number, ICCID, MSISDN or IMSI. */
export const CardIdentifier = z
  .string({ error: '请输入卡号、ICCID、MSISDN 或 IMSI' })
  .trim()
  .regex(/^[0-9A-Za-z]{6,22}$/, '请输入正确的卡号、ICCID、MSISDN 或 IMSI');

/** The most numbers one pasted list may hold. */
export const CARD_LOOKUP_MAX = 1000;

export const CardLookupBody = z.object({
  /** identifiers as pasted: one per line, or separated by commas, semicolons or spaces */
  numbers: z
    .string({ error: '请粘贴号码' })
    .max(CARD_LOOKUP_MAX * 24, `最多 ${CARD_LOOKUP_MAX} 个号码`)
    .transform((text) => [...new Set(text.split(/[\s,，;；]+/).filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(/^[0-9A-Za-z]{6,22}$/, '号码有误：只能是 6–22 位数字或字母'))
        .min(1, '请粘贴号码')
        .max(CARD_LOOKUP_MAX, `一次最多查找 ${CARD_LOOKUP_MAX} 个号码`),
    ),
});

export const CardLookupAnswer = z.object({
  /** the cards any of the numbers names, newest first */
  items: z.array(CardRow),
  /** the numbers that name no card the operator may see, in the order pasted */
  not_found: z.array(z.string()),
  /** distinct numbers asked for */
  asked: z.number().int(),
});

export const CardStoryQuery = z.object({
  /** the card number, ICCID, MSISDN or IMSI */
  card: CardIdentifier,
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
      /** the package was taken back by a refund of its order (its row then has no length left) */
      refunded: z.boolean(),
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

// ---- actions on one card, from its story (docs/decisions/0042-console-sees-as-holder.md) ----

const reason = z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 个字');
/** the card an action is for: its card number, as the story names it */
const cardNum = z
  .string({ error: '请指定卡号' })
  .trim()
  .regex(/^\d{6,20}$/, '卡号有误');

export const CardSetStateBody = z.object({
  card: cardNum,
  action: z.enum(['suspend', 'resume'], { error: '请选择停机或复机' }),
  reason,
});
export const CardSetSeriesBody = z.object({
  card: cardNum,
  series_id: z.number({ error: '请选择套餐系列' }).int('套餐系列有误').positive('套餐系列有误'),
  reason,
});
export const CardRealNameRemindBody = z.object({ card: cardNum, reason });
export const CardTicketOpenBody = z.object({
  card: cardNum,
  category: z.enum(SUGGEST_CATEGORIES, { error: '请选择问题类别' }),
  description: z.string({ error: '请填写问题描述' }).trim().min(5, '问题描述至少 5 个字').max(500, '问题描述最多 500 个字'),
  reason,
});
/** What an action did, in the words the story shows. */
export const CardActionAnswer = z.object({ custom_num: z.string(), message: z.string() });

export const CardHolderViewAnswer = z.object({
  /** whose home this is: the bound user's ('user', with their mobile masked), or the card's own login ('card') */
  as: z.enum(['user', 'card']),
  mobile: z.string(),
  /** the same three answers the portal's home reads, computed by the same server code */
  card_info: CardInfoAnswer,
  clew: ClewAnswer,
  line: LineAnswer,
  viewed_at: z.string(),
});

export const adminCardsEndpoints = adminArea({
  adminCardSearch: {
    route: 'GET /admin/cards',
    access: 'cards.view',
    tags: ['admin cards'],
    summary:
      '卡片搜索：按任一号码（卡号、ICCID、MSISDN、IMSI）的开头或后 4–8 位、代理、状态、运营商、套餐系列、实名、绑定、手机号、创建时间筛选，按编号倒序键集分页',
    query: CardSearchQuery,
    answer: CardSearchAnswer,
  },
  adminCardLookup: {
    route: 'POST /admin/cards/lookup',
    // POST only because a pasted list of 1,000 ICCIDs does not fit a URL: it reads, writes nothing
    writes: false,
    access: 'cards.view',
    tags: ['admin cards'],
    summary: `按粘贴的号码列表查找卡片（每行一个或逗号分隔，最多 ${CARD_LOOKUP_MAX} 个，卡号、ICCID、MSISDN、IMSI 均可），并列出未找到的号码`,
    body: CardLookupBody,
    answer: CardLookupAnswer,
  },
  adminCardExport: {
    route: 'GET /admin/cards/export',
    access: 'cards.view',
    tags: ['admin cards'],
    summary: '导出卡片（CSV，UTF-8 带 BOM，筛选条件同搜索，最多 50000 行）',
    query: CardSearchQuery.omit({ before_id: true, limit: true }),
  },
  adminCardStory: {
    route: 'GET /admin/cards/story',
    access: 'cards.story',
    tags: ['admin cards'],
    summary: '一张卡的全貌：信息、用量、套餐、订单、余额流水、实名（脱敏）、设备、诊断、工单',
    query: CardStoryQuery,
    answer: CardStoryAnswer,
  },
  adminCardSetState: {
    route: 'POST /admin/cards/state',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '停机或复机一张卡（经运营商接口，与批量任务同一路径），填写原因，记入审计',
    body: CardSetStateBody,
    answer: CardActionAnswer,
  },
  adminCardSetSeries: {
    route: 'POST /admin/cards/series',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '设置一张卡的套餐系列（须为该卡代理或其上级代理的系列），填写原因，记入审计',
    body: CardSetSeriesBody,
    answer: CardActionAnswer,
  },
  adminCardRealNameRemind: {
    route: 'POST /admin/cards/real-name-remind',
    access: 'cards.assist',
    tags: ['admin cards'],
    summary: '重新发送实名认证链接：短信发到持卡人的绑定手机号，打开后取新的运营商链接；填写原因，记入审计',
    body: CardRealNameRemindBody,
    answer: CardActionAnswer,
  },
  adminCardTicketOpen: {
    route: 'POST /admin/cards/ticket',
    access: 'tickets.manage',
    tags: ['admin cards'],
    summary: '为持卡人登记工单（电话反映的问题），持卡人在投诉建议中可见；记入审计',
    body: CardTicketOpenBody,
    answer: CardActionAnswer.extend({ ticket_id: z.number().int(), ticket_no: z.string() }),
  },
  adminCardHolderView: {
    route: 'GET /admin/cards/holder-view',
    access: 'cards.story',
    tags: ['admin cards'],
    summary: '以持卡人视角只读查看门户首页（服务端按首页同一读模型生成，不创建持卡人会话），记入审计',
    query: CardStoryQuery,
    answer: CardHolderViewAnswer,
  },
});
