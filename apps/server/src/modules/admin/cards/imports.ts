// Card import: read the file (CSV or XLSX), check every row (importRules.ts) against the database,
// and — only for a file without an error — write all its cards as one batch in one transaction,
// with its audit row. Each card is put on the carrier account its row names (运营商账号; empty:
// the simulator account), and only the simulator's cards get a simulated line. A batch is undone
// (its cards deleted, the batch marked) only while none of its cards has been used; otherwise the
// undo answers with the used cards.
import { readSheet } from 'read-excel-file/node';
import type { Insertable } from 'kysely';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS, type AdminAnswerOf, type AdminBodyOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import type { CardsTable } from '../../../db/schema';
import { SIMULATOR_ACCOUNT_ID, carrierKind } from '../../../integrations/carrier/kinds';
import { addSimulatedLines, removeSimulatedLines } from '../../../integrations/carrier/simulator';
import { cardRecord } from '../../cardRecord';
import { generateCardPasswords } from '../../cardPassword';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope, ownAgent } from '../access/scope';
import { recordAudit } from '../audit';
import { acceptedNames, cardAccounts, runsSimulator } from './carrierAccounts';
import * as repo from './importRepo';
import { checkRows, parseCsv, withoutHeader, type ImportRow, type Known, type RowError } from './importRules';

const CHUNK = 400;
const PREVIEW = 20;
/** errors listed in one answer: enough to fix a file, not a megabyte of JSON */
const MAX_ERRORS = 1000;

function bad(message: string): never {
  throw new AppError(Code.BAD_REQUEST, message);
}

/** The file's cells, row by row. */
export async function readRows(fileName: string, base64: string): Promise<string[][]> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) bad('文件是空的');
  if (bytes.length > IMPORT_MAX_FILE_BYTES) bad('文件不能超过 5 MB');
  let rows: string[][];
  if (/\.xlsx$/i.test(fileName)) {
    // a zip file starts with PK: anything else is not an XLSX, whatever its name
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) bad('文件不是有效的 XLSX 表格');
    try {
      // numbers as their text: a 20-digit ICCID must not become a float
      const sheet = await readSheet<string>(bytes, { parseNumber: (s) => s });
      rows = sheet.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c).trim())));
    } catch {
      bad('无法读取该 XLSX 文件，请检查文件或改用 CSV');
    }
  } else {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (text.includes('\uFFFD')) bad('CSV 文件需为 UTF-8 编码（Excel 另存为“CSV UTF-8”）');
    rows = parseCsv(text);
  }
  rows = rows.filter((r) => r.some((c) => c !== ''));
  if (rows.length === 0) bad('文件中没有数据');
  if (rows.length > IMPORT_MAX_ROWS + 1) bad(`一次最多导入 ${IMPORT_MAX_ROWS} 行，请拆分文件`);
  return rows;
}

async function inChunks<T, R>(items: readonly T[], f: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await f(items.slice(i, i + CHUNK))));
  return out;
}

/**
 * The owner every row goes to: the agent chosen in 导入到, which must be the operator's own or one of
 * its sub-agents (a parent imports straight into a sub-agent, decision 0067); else an agent
 * administrator's own agent; null for the platform without a choice (the file's 代理标识 decides).
 */
function ownerOf(op: AdminActor, chosen: number | undefined, agents: readonly { id: number }[]): number | null {
  if (chosen === undefined) return ownAgent(op);
  const scope = agentFilter(op);
  if (!agents.some((a) => a.id === chosen) || (scope !== null && !scope.includes(chosen)))
    throw new AppError(Code.FORBIDDEN, '只能导入到您的代理或其下级代理');
  return chosen;
}

type FileBody = AdminBodyOf<'adminCardImportDryRun'>;

async function knownFor(db: Executor, op: AdminActor, rows: string[][], simulator: boolean, body: FileBody): Promise<Known> {
  const nums = [...new Set(rows.map((r) => r[0] ?? '').filter(Boolean))];
  const iccids = [...new Set(rows.map((r) => r[1] ?? '').filter(Boolean))];
  const [existingNums, existingIccids, series, agents, accounts] = await Promise.all([
    inChunks(nums, (c) => repo.presentCustomNums(db, c)),
    inChunks(iccids, (c) => repo.presentIccids(db, c)),
    repo.seriesAgents(db),
    repo.agentMarks(db),
    cardAccounts(db, simulator),
  ]);
  const accepted = new Set(accounts.accepted.map((a) => a.id));
  const refusedWhy = (a: { id: number; enabled: number }) =>
    accepted.has(a.id) ? null : a.enabled !== 1 ? '已停用' : '不可用（本系统未运行运营商模拟器）';
  const simulatorAccount = accounts.accepted.find((a) => a.id === SIMULATOR_ACCOUNT_ID);
  const owner = ownerOf(op, body.agent_id, agents);
  const network = (a: { carrier: string }) => carrierKind(a.carrier)?.network ?? null;
  return {
    // no per-agent ownership of accounts yet: an agent administrator may name any account a platform admin may
    accountByName: new Map(accounts.all.map((a) => [a.name, { id: a.id, name: a.name, network: network(a), refused: refusedWhy(a) }])),
    defaultAccount: simulatorAccount ? { id: simulatorAccount.id, name: simulatorAccount.name, network: network(simulatorAccount) } : null,
    confirmCrossCarrier: body.confirm_cross_carrier === true,
    acceptedNames: acceptedNames(accounts.accepted.map((a) => a.name)),
    existingNums: new Set(existingNums),
    existingIccids: new Set(existingIccids),
    seriesAgent: new Map(series.map((s) => [s.id, s.agent_id])),
    agentByMark: new Map(agents.map((a) => [a.mark, a.id])),
    forcedAgentId: owner,
    forcedAgentMark: agents.find((a) => a.id === owner)?.mark,
    parentOf: new Map(agents.map((a) => [a.id, a.parent_id])),
  };
}

async function check(db: Executor, op: AdminActor, body: FileBody, simulator: boolean) {
  const { rows, firstRow } = withoutHeader(await readRows(body.file_name, body.content_base64));
  if (rows.length === 0) bad('文件中没有数据');
  if (rows.length > IMPORT_MAX_ROWS) bad(`一次最多导入 ${IMPORT_MAX_ROWS} 行，请拆分文件`);
  const result = checkRows(rows, firstRow, await knownFor(db, op, rows, simulator, body));
  return { total: rows.length, ...result };
}

export async function dryRun(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardImportDryRun'>) {
  const { total, valid, errors, notices, crossCarrier } = await check(ctx.db.kysely, op, body, runsSimulator(ctx));
  return {
    total,
    cross_carrier: crossCarrier,
    valid: valid.length,
    errors: errors.slice(0, MAX_ERRORS),
    notices: notices.slice(0, MAX_ERRORS),
    preview: valid.slice(0, PREVIEW),
  };
}

function cardOf(r: ImportRow, batchId: number, now: string, passwordHash: string): Insertable<CardsTable> {
  return {
    custom_num: r.custom_num,
    agent_id: r.agent_id,
    iccid: r.iccid,
    isdn: r.isdn,
    imsi: r.imsi,
    bind_iccid: '',
    channel_id: 1,
    carrier_account_id: r.carrier_account_id,
    state: 0,
    supplier: r.supplier,
    supplier_state: 0,
    supplier_auth_state: 0,
    auth_state: 0,
    real_name_order: 0,
    pre_store: 0,
    pre_store_show: 0,
    pre_store_mold: 0,
    fake_real_name: 0,
    member_right_switch: 0,
    balance_fen: 0,
    balance_order_has_payment: 0,
    order_has_payment: 0,
    has_first_balance_order: 0,
    need_change_card: 0,
    need_auth: 0,
    need_id: 0,
    multi_series: 0,
    package_series_ids: JSON.stringify([r.series_id]),
    package_mold: 1,
    def_package_id: 0,
    market_group_id: 0,
    card_mold: 1,
    algorithm: 0,
    series_type: 1,
    is_skip: 0,
    superior_card_num: '',
    verify_url: '',
    real_name_url: '',
    ordered_flag: 0,
    mobile_real_name_mold: 0,
    expired_at: '',
    member_expired_at: '',
    // every card proves possession by it (decision 0028): generated here, in the answer once
    password_hash: passwordHash,
    reserve_mobile: null,
    flow_synced_at: '',
    created_at: now,
    import_batch_id: batchId,
  };
}

type Batch = AdminAnswerOf<'adminCardImportBatches'>['items'][number];
type Committed = AdminAnswerOf<'adminCardImportCommit'>;

async function batchAnswer(db: Executor, id: number): Promise<Batch> {
  const b = await repo.batchWithAgentName(db, id);
  return { ...b, undone_at: b.undone_at ?? null };
}

/**
 * Writes a file without errors as one batch; a file with any error writes nothing. Each new card
 * gets a generated card password (decision 0028), answered here once for printing on the card's
 * carrier; only its hash is kept.
 */
export async function commit(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardImportCommit'>): Promise<Committed> {
  const rows = await readRows(body.file_name, body.content_base64);
  const simulator = runsSimulator(ctx);
  // hashed before the transaction opens (seconds for a large file): the write itself stays short
  const dataRows = withoutHeader(rows).rows.length;
  const passwords = await generateCardPasswords(Math.min(dataRows, IMPORT_MAX_ROWS), ctx.config.passwordHashCost);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // checked again inside the transaction: a card imported meanwhile is "already present"
    const { rows: data, firstRow } = withoutHeader(rows);
    if (data.length === 0) bad('文件中没有数据');
    if (data.length > IMPORT_MAX_ROWS) bad(`一次最多导入 ${IMPORT_MAX_ROWS} 行，请拆分文件`);
    const { valid, errors, crossCarrier } = checkRows(data, firstRow, await knownFor(trx, op, data, simulator, body));
    if (errors.length > 0) bad(`文件有 ${errors.length} 行错误，请先试导入并修正后再导入`);
    const agents = new Set(valid.map((r) => r.agent_id));
    // a batch belongs to one agent: its undo and its listing are scoped by it
    if (agents.size > 1) bad('一个文件只能导入到一个代理，请按代理拆分文件');
    const agentId = valid[0]!.agent_id;
    const now = clock.iso();
    const batch = {
      id: await repo.insertBatch(trx, {
        agent_id: agentId,
        operator_id: op.id,
        operator_username: op.username,
        file_name: body.file_name,
        card_count: valid.length,
        reason: body.reason,
        created_at: now,
      }),
    };
    for (let i = 0; i < valid.length; i += CHUNK) {
      const chunk = valid.slice(i, i + CHUNK);
      await cardRecord.insertCards(
        trx,
        chunk.map((r, j) => cardOf(r, batch.id, now, passwords[i + j]!.hash)),
      );
      // the carrier simulator needs to know its new lines, as a real carrier already would; a card
      // on a real platform's account is that platform's line, never a simulated one
      if (simulator)
        await addSimulatedLines(
          trx,
          chunk.filter((r) => r.carrier_account_id === SIMULATOR_ACCOUNT_ID).map((r) => r.custom_num),
          now.slice(0, 10),
        );
    }
    const perAccount: Record<string, number> = {};
    for (const r of valid) perAccount[r.carrier_account] = (perAccount[r.carrier_account] ?? 0) + 1;
    await recordAudit(trx, op, {
      action: 'cards.import',
      target: { type: 'card_import_batch', id: batch.id },
      reason: body.reason,
      after: {
        file_name: body.file_name,
        agent_id: agentId,
        cards: valid.length,
        carrier_accounts: perAccount,
        // rows put on another carrier's platform on the operator's confirmation (the reason says why)
        ...(crossCarrier > 0 ? { cross_carrier_cards: crossCarrier } : {}),
        first: valid[0]!.custom_num,
        last: valid[valid.length - 1]!.custom_num,
      },
    });
    const slips = valid.map((r, i) => ({ custom_num: r.custom_num, password: passwords[i]!.password }));
    return { ...(await batchAnswer(trx, batch.id)), card_passwords: slips };
  });
}

export async function listBatches(db: Executor, op: AdminActor, beforeId: number | undefined) {
  const agent = agentFilter(op);
  const limit = 50;
  const rows = await repo.batchesNewestFirst(db, agent, beforeId, limit + 1);
  const items = rows.slice(0, limit).map((b) => ({ ...b, undone_at: b.undone_at ?? null }));
  return { items, next_before_id: rows.length > limit ? items[items.length - 1]!.id : null };
}

export async function undo(ctx: AppContext, op: AdminActor, body: AdminBodyOf<'adminCardImportUndo'>): Promise<Batch> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const batch = await repo.batchById(trx, body.batch_id);
    assertInScope(op, batch?.agent_id);
    if (batch!.undone_at) bad('该批次已撤销');
    const used = await repo.usedCards(trx, batch!.id);
    if (used.length > 0) {
      const shown = used.slice(0, 20).join('、');
      bad(`该批次有 ${used.length} 张卡已被使用，不能撤销：${shown}${used.length > 20 ? ' 等' : ''}`);
    }
    const nums = await repo.customNumsOfBatch(trx, batch!.id);
    for (let i = 0; i < nums.length; i += CHUNK) await removeSimulatedLines(trx, nums.slice(i, i + CHUNK));
    await cardRecord.deleteCardsOfBatch(trx, batch!.id);
    const now = clock.iso();
    await repo.markBatchUndone(trx, batch!.id, now);
    await recordAudit(trx, op, {
      action: 'cards.import_undone',
      target: { type: 'card_import_batch', id: batch!.id },
      reason: body.reason,
      before: { cards: nums.length, undone_at: null },
      after: { cards: 0, undone_at: now },
    });
    return batchAnswer(trx, batch!.id);
  });
}

export type { RowError };
