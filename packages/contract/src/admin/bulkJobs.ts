// Bulk actions over cards (docs/decisions/0027): suspend, resume, mark for replacement, set the package
// series, move to another agent, move to another carrier account. Each is a tracked job with a result per card.
import { z } from 'zod';
import { adminArea } from './define';

/** the most cards one job takes: as many as one import (IMPORT_MAX_ROWS), done in the background (docs/decisions/0027) */
export const BULK_MAX_CARDS = 20_000;

/** a job's body: BULK_MAX_CARDS numbers of up to 40 characters, quoted, fit (the server's default is 64 KB) */
export const BULK_BODY_LIMIT = 1024 * 1024;

export const BULK_KINDS = ['suspend', 'resume', 'mark_replacement', 'set_series', 'move_agent', 'move_carrier_account'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
export const BULK_KIND_LABEL: Record<BulkKind, string> = {
  suspend: '停机',
  resume: '复机',
  mark_replacement: '标记换卡',
  set_series: '设置套餐系列',
  move_agent: '转移代理',
  move_carrier_account: '移至运营商账号',
};
export const BULK_STATUS_LABEL: Record<string, string> = {
  running: '处理中',
  done: '已完成',
  pending: '待处理',
  ok: '成功',
  failed: '失败',
};

export const BulkJobBody = z
  .object({
    kind: z.enum(BULK_KINDS, { error: '请选择操作' }),
    custom_nums: z
      .array(z.string().trim().min(1, '卡号不能为空').max(40, '卡号过长'), { error: '请填写卡号' })
      .min(1, '请至少选择一张卡')
      .max(BULK_MAX_CARDS, `一次最多 ${BULK_MAX_CARDS} 张卡`),
    reason: z.string({ error: '请填写原因' }).trim().min(2, '原因至少 2 个字').max(200, '原因最多 200 个字'),
    series_id: z.number().int().positive('请选择套餐系列').optional(),
    agent_id: z.number().int().positive('请选择目标代理').optional(),
    carrier_account_id: z.number().int().positive('请选择运营商账号').optional(),
    /**
     * 移至运营商账号 with cards whose ICCID another carrier issued than the account's: refused
     * unless the operator confirms (the reason says why; the job's audit row counts them)
     */
    confirm_cross_carrier: z.boolean({ error: '跨运营商确认有误' }).optional(),
  })
  .refine((b) => b.kind !== 'set_series' || b.series_id !== undefined, { message: '请选择套餐系列', path: ['series_id'] })
  .refine((b) => b.kind !== 'move_agent' || b.agent_id !== undefined, { message: '请选择目标代理', path: ['agent_id'] })
  .refine((b) => b.kind !== 'move_carrier_account' || b.carrier_account_id !== undefined, {
    message: '请选择运营商账号',
    path: ['carrier_account_id'],
  });

export const BulkJob = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_KINDS),
  kind_label: z.string(),
  params: z.object({
    series_id: z.number().int().optional(),
    agent_id: z.number().int().optional(),
    carrier_account_id: z.number().int().optional(),
    /** the target account's name when the job was asked */
    carrier_account_name: z.string().optional(),
    /** cards whose ICCID another carrier issued, moved on the operator's confirmation */
    cross_carrier_cards: z.number().int().optional(),
  }),
  reason: z.string(),
  operator_username: z.string(),
  status: z.string(),
  total: z.number().int(),
  ok_count: z.number().int(),
  failed_count: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

/** a card's result in a job */
export const BULK_ITEM_STATUSES = ['ok', 'failed', 'pending'] as const;
/** the cards of a job's detail per page: a 20,000-card job's detail was 1.5 MB whole */
export const BULK_ITEMS_PAGE = 200;

export const BulkJobItem = z.object({
  id: z.number().int(),
  custom_num: z.string(),
  status: z.string(),
  message: z.string(),
  updated_at: z.string(),
});

export const adminBulkJobEndpoints = adminArea({
  adminBulkJobCreate: {
    route: 'POST /admin/bulk-jobs',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '新建批量任务（停机、复机、标记换卡、设置套餐系列、转移代理、移至运营商账号）：立即返回，后台逐卡处理并记录结果',
    body: BulkJobBody,
    bodyLimit: BULK_BODY_LIMIT,
    answer: BulkJob,
  },
  adminBulkJobList: {
    route: 'GET /admin/bulk-jobs',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '批量任务列表（最新在前）',
    query: z.object({
      before_id: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional(),
    }),
    answer: z.object({ items: z.array(BulkJob), next_before_id: z.number().int().nullable() }),
  },
  adminBulkJobDetail: {
    route: 'GET /admin/bulk-jobs/detail',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '批量任务详情：各结果的张数，每张卡的结果（按结果筛选，每页 200 张）',
    query: z.object({
      id: z.coerce.number({ error: '任务编号有误' }).int('任务编号有误').positive('任务编号有误'),
      status: z.enum(BULK_ITEM_STATUSES, { error: '结果筛选有误' }).optional(),
      after_id: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional(),
    }),
    answer: z.object({
      job: BulkJob,
      /** the freshest word on progress: the job's own counts are written after each batch */
      counts: z.object({ ok: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
      items: z.array(BulkJobItem),
      next_after_id: z.number().int().nullable(),
    }),
  },
});
