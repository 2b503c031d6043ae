// Pure rules of the commission forms and figures: yuan typed → fen sent, the months a statement may show,
// and request ids that stay the same for one withdrawal and action (a double click acts once).

/** Yuan from the form to integer fen; null when it is not an amount with at most two decimals. */
export function fenOf(yuan: number | null | undefined): number | null {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return null;
  const fen = Math.round(yuan * 100);
  return Math.abs(fen - yuan * 100) > 1e-6 ? null : fen;
}

/** Why a withdrawal of `yuan` cannot be asked for, said at the field; null when it can. */
export function withdrawAmountProblem(yuan: number | null | undefined, withdrawableFen: number): string | null {
  const fen = fenOf(yuan);
  if (yuan === null || yuan === undefined) return '请填写提现金额';
  if (fen === null) return '金额最多两位小数';
  if (fen <= 0) return '提现金额必须大于 0';
  if (fen < 100) return '单次提现不少于 1.00 元';
  if (fen > withdrawableFen) return `可提现金额仅 ${(withdrawableFen / 100).toFixed(2)} 元`;
  return null;
}

/** "YYYY-MM" of an instant in China time. */
export function chinaMonth(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** This China-time month and the `count − 1` before it, newest first: the statement's choices. */
export function recentMonths(now: Date, count = 12): string[] {
  const t = new Date(now.getTime() + 8 * 3600_000);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** One request id per key for the life of the page: the same withdrawal and action sends the same id. */
// crypto.getRandomValues, not randomUUID: a console served over plain http on a LAN address has no randomUUID
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function requestIds(make: () => string = randomId) {
  const ids = new Map<string, string>();
  return (key: string): string => {
    let id = ids.get(key);
    if (!id) {
      id = `${key}-${make()}`.slice(0, 64);
      ids.set(key, id);
    }
    return id;
  };
}

/** ¥1,234.50 or -¥1.60: a signed amount as the statement and ledger print it. */
export function signedYuan(fen: number): string {
  const abs = Math.abs(fen) / 100;
  const text = `¥${abs.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return fen < 0 ? `-${text}` : text;
}
