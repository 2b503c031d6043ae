// The rules of a card import, pure: reading a CSV, the ICCID check (19–20 digits, the last a Luhn
// check digit, as ITU-T E.118 numbers SIM cards), and checking every row of a file against what
// is known (numbers already present, series, agents, carrier accounts). One error per bad row, the
// first found, in the operator's words.
import { SUPPLIER_LABEL } from '@portal/contract/enums';

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

/** A supplier by its code or its Chinese name (中国联通), or null. */
export function supplierOf(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) return SUPPLIER_LABEL[Number(text)] ? Number(text) : null;
  const hit = Object.entries(SUPPLIER_LABEL).find(([, label]) => label === text);
  return hit ? Number(hit[0]) : null;
}

export interface ImportRow {
  custom_num: string;
  iccid: string;
  isdn: string;
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
  /** an agent administrator's agent: every row goes there, whatever the file says; null: a platform admin */
  forcedAgentId: number | null;
  /** carrier account name → the account, and why it takes no cards ('已停用'), null when it does */
  accountByName: ReadonlyMap<string, { id: number; name: string; refused: string | null }>;
  /** the account of a row whose 运营商账号 is empty (the simulator), or null when none may be assumed */
  defaultAccount: { id: number; name: string } | null;
  /** the names a row may give, as the error lists them (acceptedNames) */
  acceptedNames: string;
}

const HEADER_HINT = ['卡号', 'custom_num', 'card'];

/** Drops the header row if there is one (its first cell names the column rather than a card). */
export function withoutHeader(rows: string[][]): { rows: string[][]; firstRow: number } {
  const first = rows[0]?.[0]?.toLowerCase() ?? '';
  return HEADER_HINT.some((h) => first.includes(h)) ? { rows: rows.slice(1), firstRow: 2 } : { rows, firstRow: 1 };
}

/** Checks every row: the valid ones, and one error for each bad one. */
export function checkRows(rows: readonly string[][], firstRow: number, known: Known): { valid: ImportRow[]; errors: RowError[] } {
  const valid: ImportRow[] = [];
  const errors: RowError[] = [];
  const seenNums = new Map<string, number>();
  const seenIccids = new Map<string, number>();
  rows.forEach((cells, i) => {
    const row = firstRow + i;
    const [num = '', iccid = '', isdn = '', supplierText = '', seriesText = '', agentMark = '', accountName = ''] = cells.map((c) =>
      c.trim(),
    );
    const fail = (message: string) => errors.push({ row, custom_num: num, message });
    if (!/^\d{6,20}$/.test(num)) return fail(num ? '卡号应为 6–20 位数字' : '卡号不能为空');
    const iccidWhy = iccidProblem(iccid);
    if (iccidWhy) return fail(iccid ? iccidWhy : 'ICCID 不能为空');
    if (isdn && !/^\d{11,13}$/.test(isdn)) return fail('MSISDN 应为 11–13 位数字');
    const supplier = supplierOf(supplierText);
    if (supplier === null) return fail(supplierText ? `未知的运营商：${supplierText}` : '运营商不能为空');
    if (seenNums.has(num)) return fail(`卡号与第 ${seenNums.get(num)} 行重复`);
    if (seenIccids.has(iccid)) return fail(`ICCID 与第 ${seenIccids.get(iccid)} 行重复`);
    seenNums.set(num, row);
    seenIccids.set(iccid, row);
    if (known.existingNums.has(num)) return fail('卡号已存在');
    if (known.existingIccids.has(iccid)) return fail('ICCID 已存在');
    let agentId: number;
    if (known.forcedAgentId !== null) agentId = known.forcedAgentId;
    else {
      if (!agentMark) return fail('代理标识不能为空');
      const a = known.agentByMark.get(agentMark);
      if (a === undefined) return fail(`未知的代理：${agentMark}`);
      agentId = a;
    }
    if (!/^\d{1,9}$/.test(seriesText)) return fail(seriesText ? `未知的套餐系列：${seriesText}` : '套餐系列ID不能为空');
    const seriesId = Number(seriesText);
    const seriesAgent = known.seriesAgent.get(seriesId);
    if (seriesAgent === undefined) return fail(`未知的套餐系列：${seriesText}`);
    if (seriesAgent !== agentId) return fail(`套餐系列 ${seriesText} 不属于该代理`);
    let account = known.defaultAccount;
    if (accountName) {
      const a = known.accountByName.get(accountName);
      if (!a) return fail(`未知的运营商账号：${accountName}（${known.acceptedNames}）`);
      if (a.refused) return fail(`运营商账号 ${accountName} ${a.refused}（${known.acceptedNames}）`);
      account = a;
    }
    if (!account) return fail(`运营商账号不能为空（${known.acceptedNames}）`);
    valid.push({
      custom_num: num,
      iccid,
      isdn,
      supplier,
      series_id: seriesId,
      agent_id: agentId,
      carrier_account_id: account.id,
      carrier_account: account.name,
    });
  });
  return { valid, errors };
}
