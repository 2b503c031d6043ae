// The rules of a card import, pure: reading a CSV, the ICCID check (19–20 digits, the last a Luhn
// check digit, as ITU-T E.118 numbers SIM cards), and checking every row of a file against what
// is known (numbers already present, series, agents, carrier accounts). Every problem of a bad row,
// in the operator's words, with the row's cells (for the file of error rows); a notice where a value
// was taken otherwise than the file says (an agent administrator's rows go to their own agent).
import { CARRIER_LABEL, SUPPLIER_LABEL } from '@portal/contract/enums';
import { issuerCarrierOf } from '@portal/domain/network';

/** The Luhn check over a string of digits, its last digit being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `body` + digit pass Luhn (for templates and generators). */
export function luhnDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return String(d);
  throw new Error('unreachable');
}

/** Why an ICCID is wrong, or null. */
export function iccidProblem(iccid: string): string | null {
  if (!/^\d+$/.test(iccid)) return 'ICCID 只能是数字';
  if (iccid.length < 19 || iccid.length > 20) return `ICCID 应为 19–20 位（当前 ${iccid.length} 位）`;
  if (!luhnValid(iccid)) return 'ICCID 校验位错误';
  return null;
}

/** Reads CSV text (RFC 4180 quoting, a UTF-8 BOM, CRLF or LF) into rows of trimmed cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c !== ''));
}

/**
 * The names people write for a supplier, beside its code and its label (SUPPLIER_LABEL): the short
 * Chinese name and the English abbreviations carriers use for themselves.
 */
const SUPPLIER_ALIASES: Record<string, number> = {
  移动: 1,
  CMCC: 1,
  CM: 1,
  'CHINA MOBILE': 1,
  联通: 2,
  CUCC: 2,
  CU: 2,
  'CHINA UNICOM': 2,
  电信: 3,
  CTCC: 3,
  CT: 3,
  'CHINA TELECOM': 3,
  广电: 12,
  中国广电: 12,
  CBN: 12,
  CME: 12,
};

/** What a 运营商 cell may say, as the template and the error list it. */
export const SUPPLIER_ACCEPTED =
  '中国移动/移动/CMCC/1、中国联通/联通/CUCC/2、中国电信/电信/CTCC/3、中国广电/广电/CBN/12，或其他运营商的名称或编号（' +
  Object.entries(SUPPLIER_LABEL)
    .filter(([code]) => !['1', '2', '3', '12'].includes(code))
    .map(([code, label]) => `${label}/${code}`)
    .join('、') +
  '）';

/** A supplier by its code, its label (中国联通) or a name people write (联通, CUCC), or null. */
export function supplierOf(text: string): number | null {
  const t = text.trim();
  if (/^\d{1,2}$/.test(t)) return SUPPLIER_LABEL[Number(t)] ? Number(t) : null;
  const hit = Object.entries(SUPPLIER_LABEL).find(([, label]) => label === t);
  if (hit) return Number(hit[0]);
  return SUPPLIER_ALIASES[t.toUpperCase().replace(/\s+/g, ' ')] ?? null;
}

export interface ImportRow {
  custom_num: string;
  iccid: string;
  isdn: string;
  /** '' when the file does not give it */
  imsi: string;
  supplier: number;
  series_id: number;
  agent_id: number;
  carrier_account_id: number;
  /** the account's name, as the preview shows it */
  carrier_account: string;
}

export interface RowError {
  row: number;
  custom_num: string;
  /** every problem of the row, joined (what a list shows in one line) */
  message: string;
  problems: string[];
  /** the row's cells as the file had them: the file of error rows gives them back to be fixed */
  cells: string[];
}

/** A row taken otherwise than the file says, told so before the import (not an error). */
export interface RowNotice {
  row: number;
  custom_num: string;
  message: string;
}

export interface Known {
  /** card numbers of the file already in the database */
  existingNums: ReadonlySet<string>;
  existingIccids: ReadonlySet<string>;
  /** series id → its agent */
  seriesAgent: ReadonlyMap<number, number>;
  /** agent mark → id */
  agentByMark: ReadonlyMap<string, number>;
  /**
   * The owner every row goes to, whatever the file says: the agent chosen in 导入到 (one of the
   * operator's subtree), else an agent administrator's own; null: the file's 代理标识 decides.
   */
  forcedAgentId: number | null;
  /** that agent's mark, for the notice on a row naming another */
  forcedAgentMark?: string;
  /** agent → its parent (null at the top): a sub-agent's cards may carry its parents' series (decision 0067) */
  parentOf?: ReadonlyMap<number, number | null>;
  /**
   * carrier account name → the account, its carrier (a CARRIER_LABEL number; null: the simulator or a
   * kind without one) and why it takes no cards ('已停用'), null when it does
   */
  accountByName: ReadonlyMap<string, ImportAccount & { refused: string | null }>;
  /** the account of a row whose 运营商账号 is empty (the simulator), or null when none may be assumed */
  defaultAccount: ImportAccount | null;
  /** the operator confirmed rows whose ICCID another carrier issued than their account's (as 移至运营商账号 asks) */
  confirmCrossCarrier?: boolean;
  /** the names a row may give, as the error lists them (acceptedNames) */
  acceptedNames: string;
}

export interface ImportAccount {
  id: number;
  name: string;
  network?: number | null;
}

/**
 * Why a card may not go onto an account of another carrier than the one that issued its SIM (the
 * ICCID's issuer code, as the bulk job 移至运营商账号 judges, docs/decisions/0065): that platform does
 * not know the line. null when it may, or when either side does not tell (the simulator, an issuer
 * code that names no carrier).
 */
export function crossCarrierOf(iccid: string, account: ImportAccount): { issuer: number; network: number } | null {
  const issuer = issuerCarrierOf(iccid);
  const network = account.network ?? null;
  if (issuer === null || network === null || issuer === network) return null;
  return { issuer, network };
}

/** The row's refusal, and what to do. */
export function crossCarrierRefusal(c: { issuer: number; network: number }, account: string): string {
  return (
    `ICCID 属于${CARRIER_LABEL[c.issuer] ?? '其他运营商'}，不能导入到${CARRIER_LABEL[c.network] ?? '其他运营商'}的运营商账号「${account}」：` +
    '该平台不认识这张卡，导入后无法同步与停复机。如确已转网，请勾选“确认跨运营商导入”并在导入说明中写明'
  );
}

/** The agent and the agents above it (three levels at most; a loop in bad data stops at the fourth). */
export function lineageOf(agentId: number, parentOf: ReadonlyMap<number, number | null> = new Map()): number[] {
  const out = [agentId];
  for (let p = parentOf.get(agentId) ?? null; p !== null && out.length < 4 && !out.includes(p); p = parentOf.get(p) ?? null) out.push(p);
  return out;
}

const HEADER_HINT = ['卡号', 'custom_num', 'card'];

/**
 * Drops the header row if there is one (its first cell names the column rather than a card), and
 * the note rows right after it that start with # (the template explains its columns in one).
 */
export function withoutHeader(rows: string[][]): { rows: string[][]; firstRow: number } {
  const first = rows[0]?.[0]?.toLowerCase() ?? '';
  if (!HEADER_HINT.some((h) => first.includes(h))) return { rows, firstRow: 1 };
  let skip = 1;
  while (rows[skip]?.[0]?.startsWith('#')) skip++;
  return { rows: rows.slice(skip), firstRow: skip + 1 };
}

/** Checks every row: the valid ones, every problem of each bad one, and the notices. */
export function checkRows(
  rows: readonly string[][],
  firstRow: number,
  known: Known,
): { valid: ImportRow[]; errors: RowError[]; notices: RowNotice[]; crossCarrier: number } {
  let crossCarrier = 0;
  const valid: ImportRow[] = [];
  const errors: RowError[] = [];
  const notices: RowNotice[] = [];
  const seenNums = new Map<string, number>();
  const seenIccids = new Map<string, number>();
  const seenImsis = new Map<string, number>();
  rows.forEach((raw, i) => {
    const row = firstRow + i;
    const cells = raw.map((c) => c.trim());
    const [num = '', iccid = '', isdn = '', supplierText = '', seriesText = '', agentMark = '', accountName = '', imsi = ''] = cells;
    const problems: string[] = [];
    const fail = (message: string) => problems.push(message);

    const numOk = /^\d{6,20}$/.test(num);
    if (!numOk) fail(num ? '卡号应为 6–20 位数字' : '卡号不能为空');
    const iccidWhy = iccidProblem(iccid);
    if (iccidWhy) fail(iccid ? iccidWhy : 'ICCID 不能为空');
    if (isdn && !/^\d{11,13}$/.test(isdn)) fail('MSISDN 应为 11–13 位数字');
    if (imsi && !/^\d{15}$/.test(imsi)) fail('IMSI 应为 15 位数字（可留空）');
    else if (imsi) {
      if (seenImsis.has(imsi)) fail(`IMSI 与第 ${seenImsis.get(imsi)} 行重复`);
      else seenImsis.set(imsi, row);
    }
    const supplier = supplierOf(supplierText);
    if (supplier === null)
      fail(supplierText ? `未知的运营商：${supplierText}（可填：${SUPPLIER_ACCEPTED}）` : `运营商不能为空（可填：${SUPPLIER_ACCEPTED}）`);
    if (numOk) {
      if (seenNums.has(num)) fail(`卡号与第 ${seenNums.get(num)} 行重复`);
      else seenNums.set(num, row);
      if (known.existingNums.has(num)) fail('卡号已存在');
    }
    if (!iccidWhy) {
      if (seenIccids.has(iccid)) fail(`ICCID 与第 ${seenIccids.get(iccid)} 行重复`);
      else seenIccids.set(iccid, row);
      if (known.existingIccids.has(iccid)) fail('ICCID 已存在');
    }
    let agentId: number | null = null;
    if (known.forcedAgentId !== null) {
      agentId = known.forcedAgentId;
      if (agentMark && known.forcedAgentMark && agentMark !== known.forcedAgentMark)
        notices.push({ row, custom_num: num, message: `代理标识 ${agentMark} 不是导入的代理：该行按代理 ${known.forcedAgentMark} 导入` });
    } else if (!agentMark) fail('代理标识不能为空');
    else {
      agentId = known.agentByMark.get(agentMark) ?? null;
      if (agentId === null) fail(`未知的代理：${agentMark}`);
    }
    let seriesId: number | null = null;
    if (!/^\d{1,9}$/.test(seriesText)) fail(seriesText ? `未知的套餐系列：${seriesText}` : '套餐系列ID不能为空');
    else {
      seriesId = Number(seriesText);
      const seriesAgent = known.seriesAgent.get(seriesId);
      if (seriesAgent === undefined) fail(`未知的套餐系列：${seriesText}`);
      else if (agentId !== null && !lineageOf(agentId, known.parentOf).includes(seriesAgent))
        fail(`套餐系列 ${seriesText} 不属于该代理或其上级`);
    }
    let account = known.defaultAccount;
    if (accountName) {
      const a = known.accountByName.get(accountName);
      if (!a) fail(`未知的运营商账号：${accountName}（${known.acceptedNames}）`);
      else if (a.refused) fail(`运营商账号 ${accountName} ${a.refused}（${known.acceptedNames}）`);
      account = a && !a.refused ? a : null;
    } else if (!account) fail(`运营商账号不能为空（${known.acceptedNames}）`);
    const crossed = account && !iccidWhy ? crossCarrierOf(iccid, account) : null;
    if (crossed && account) {
      crossCarrier++;
      if (!known.confirmCrossCarrier) fail(crossCarrierRefusal(crossed, account.name));
      else
        notices.push({
          row,
          custom_num: num,
          message: `ICCID 属于${CARRIER_LABEL[crossed.issuer]}，运营商账号「${account.name}」是${CARRIER_LABEL[crossed.network]}的平台：已确认跨运营商导入`,
        });
    }

    if (problems.length > 0 || supplier === null || agentId === null || seriesId === null || !account) {
      errors.push({ row, custom_num: num, message: problems.join('；'), problems, cells });
      return;
    }
    valid.push({
      custom_num: num,
      iccid,
      isdn,
      imsi,
      supplier,
      series_id: seriesId,
      agent_id: agentId,
      carrier_account_id: account.id,
      carrier_account: account.name,
    });
  });
  return { valid, errors, notices, crossCarrier };
}
