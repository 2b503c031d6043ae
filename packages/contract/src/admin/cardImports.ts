// Card import (docs/decisions/0018): a CSV or XLSX file, first checked as a dry run (an error per bad row,
// nothing written), then committed as one batch, which can be undone while none of its cards has
// been used. The file travels as base64 in JSON (the console reads it with FileReader).
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';

/** the largest file accepted */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** the most rows one file may hold */
export const IMPORT_MAX_ROWS = 20_000;
/** the request body of an import: the base64 of the largest file, plus room for the rest */
export const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_FILE_BYTES * 4) / 3) + 64 * 1024;

/**
 * The columns of the template, in order. 运营商账号 (the carrier platform account the card's line
 * belongs to, by name) may be left out or empty: the simulator account, as before accounts existed.
 */
/** IMSI last (docs/decisions/0042-console-sees-as-holder.md): files made for the earlier seven columns still read the same. */
export const IMPORT_COLUMNS = ['卡号', 'ICCID', 'MSISDN', '运营商', '套餐系列ID', '代理标识', '运营商账号', 'IMSI'] as const;

/** A carrier account a card may be put on (an import's 运营商账号, a bulk job's 移至运营商账号): an enabled one. */
export const CarrierAccountChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the platform kind, e.g. 'ctwing'; 'simulator' for the simulator account */
  carrier: z.string(),
  carrier_label: z.string(),
  /** an import row whose 运营商账号 is empty goes here (the simulator account) */
  default: z.boolean(),
});

export const ImportFileBody = z.object({
  file_name: z
    .string({ error: '请选择文件' })
    .trim()
    .min(1, '请选择文件')
    .max(200, '文件名过长')
    .regex(/\.(csv|xlsx)$/i, '只支持 CSV 或 XLSX 文件'),
  content_base64: z
    .string({ error: '请选择文件' })
    .min(1, '文件是空的')
    .max(Math.ceil((IMPORT_MAX_FILE_BYTES * 4) / 3) + 4, '文件不能超过 5 MB'),
  /** 导入到: the owner of every row — the operator's agent or one of its sub-agents (decision 0067); absent: the operator's own agent, or for the platform the file's 代理标识 */
  agent_id: wholeNumber('代理编号有误', { min: 1 }).optional(),
  /**
   * rows whose ICCID another carrier issued than their 运营商账号's are refused unless the operator
   * confirms, as the bulk job 移至运营商账号 asks (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md)
   */
  confirm_cross_carrier: z.boolean({ error: '跨运营商确认有误' }).optional(),
});

export const ImportCommitBody = ImportFileBody.extend({
  reason: z.string({ error: '请填写导入说明' }).trim().min(2, '导入说明至少 2 个字').max(200, '导入说明最多 200 个字'),
});

export const ImportRowError = z.object({
  /** the row in the file, counting the header as row 1 */
  row: z.number().int(),
  custom_num: z.string(),
  /** every problem of the row, joined with ； */
  message: z.string(),
  problems: z.array(z.string()),
  /** the row's cells as the file had them (the console's file of error rows) */
  cells: z.array(z.string()),
});

/** A row taken otherwise than the file says (e.g. an agent administrator's row put in their own agent). */
export const ImportRowNotice = z.object({ row: z.number().int(), custom_num: z.string(), message: z.string() });

export const ImportDryRunAnswer = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  errors: z.array(ImportRowError),
  notices: z.array(ImportRowNotice),
  /** rows whose ICCID another carrier issued than their account's: refused, or taken on confirmation (a notice each) */
  cross_carrier: z.number().int(),
  /** the first valid rows, as they would be imported */
  preview: z.array(
    z.object({
      custom_num: z.string(),
      iccid: z.string(),
      isdn: z.string(),
      supplier: z.number().int(),
      series_id: z.number().int(),
      agent_id: z.number().int(),
      carrier_account_id: z.number().int(),
      carrier_account: z.string(),
    }),
  ),
});

export const ImportBatch = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  operator_username: z.string(),
  file_name: z.string(),
  card_count: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
});

/** A generated card password, shown once (decision 0028): for printing on the card's carrier. */
export const CardPasswordSlip = z.object({ custom_num: z.string(), password: z.string() });

/** The committed batch, with each new card's generated password: shown and exported once, never again. */
export const ImportCommitAnswer = ImportBatch.extend({ card_passwords: z.array(CardPasswordSlip) });

const Reason = (what: string) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(2, `${what}至少 2 个字`)
    .max(200, `${what}最多 200 个字`);

export const adminCardImportEndpoints = adminArea({
  adminCardImportTemplate: {
    route: 'GET /admin/card-imports/template',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '下载卡片导入模板（CSV）',
  },
  adminCarrierAccountChoices: {
    route: 'GET /admin/card-imports/carrier-accounts',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '可选的运营商账号（已启用）：导入文件的“运营商账号”列与批量任务“移至运营商账号”的目标',
    answer: z.object({ items: z.array(CarrierAccountChoice) }),
  },
  adminCardImportDryRun: {
    route: 'POST /admin/card-imports/dry-run',
    // a check of the file (POST only because the file is the body): it writes nothing
    writes: false,
    access: 'cards.manage',
    tags: ['admin cards'],
    bodyLimit: IMPORT_BODY_LIMIT,
    summary: '试导入：检查 CSV/XLSX 的每一行（卡号、ICCID 长度与校验位、文件内重复、已存在、套餐系列、代理、运营商账号），不写入',
    body: ImportFileBody,
    answer: ImportDryRunAnswer,
  },
  adminCardImportCommit: {
    route: 'POST /admin/card-imports',
    access: 'cards.manage',
    tags: ['admin cards'],
    bodyLimit: IMPORT_BODY_LIMIT,
    summary: '导入卡片：文件无错误时整批写入（一个事务），记一个导入批次；每张卡生成 6 位卡密码，仅在此次回答中给出',
    body: ImportCommitBody,
    answer: ImportCommitAnswer,
  },
  adminCardImportBatches: {
    route: 'GET /admin/card-imports',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '导入批次列表（最新在前）',
    query: z.object({
      before_id: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional(),
    }),
    answer: z.object({ items: z.array(ImportBatch), next_before_id: z.number().int().nullable() }),
  },
  adminCardImportUndo: {
    route: 'POST /admin/card-imports/undo',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '撤销导入批次：仅当批次内的卡都未被使用（未绑定、无订单、无用量）',
    body: z.object({
      batch_id: z.number({ error: '请选择批次' }).int('请选择批次').positive('请选择批次'),
      reason: z.string({ error: '请填写撤销原因' }).trim().min(2, '撤销原因至少 2 个字').max(200, '撤销原因最多 200 个字'),
    }),
    answer: ImportBatch,
  },
  adminCardPasswordPending: {
    route: 'GET /admin/card-passwords/pending',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '待发放的卡密码数量（迁移时为没有卡密码的卡生成的）',
    answer: z.object({ count: z.number().int() }),
  },
  adminCardPasswordTake: {
    route: 'POST /admin/card-passwords/take',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '领取待发放的卡密码：一次性给出明文并删除（记审计）',
    body: z.object({ reason: Reason('领取说明') }),
    answer: z.object({
      items: z.array(CardPasswordSlip.extend({ reason: z.string(), created_at: z.string() })),
    }),
  },
  adminCardPasswordReset: {
    route: 'POST /admin/cards/password-reset',
    access: 'cards.manage',
    tags: ['admin cards'],
    summary: '重置卡密码：生成新的 6 位卡密码，仅此一次显示；该卡的卡号登录全部退出（记审计，须填原因）',
    body: z.object({
      custom_num: z
        .string({ error: '请输入卡号' })
        .trim()
        .regex(/^\d{6,20}$/, '请输入正确的卡号'),
      reason: Reason('重置原因'),
    }),
    answer: z.object({ custom_num: z.string(), password: z.string(), revoked_sessions: z.number().int() }),
  },
});
