// What a platform's answer to a change of service (stop / resume a line) means for the portal
// (docs/decisions/0030). Each platform's table (./onelink.ts, ./ctwing.ts, ./unicomCmp.ts,
// ./unicomJasper.ts) names the codes we know; a code a table does not name is `unknown`: the
// platform answered — it is up and took our credentials — so the account is not blamed, and the
// change is not tried again (it may have been done). The line's state is then not known: the card
// shows 状态未知 with the code for support (changeAnswerRaw) until the next read of the line.

export type ChangeAnswer =
  /** done, or accepted as an order the next read of the line confirms */
  | { kind: 'accepted' }
  /** a refusal about this line that we know: the line stays as it was */
  | { kind: 'refused'; label: string }
  /** about the account, not the line: credentials, the limit, the platform's own trouble */
  | { kind: 'account'; fault: 'auth' | 'rate' | 'unavailable'; label: string }
  /** a code the table does not name */
  | { kind: 'unknown' };

export type ChangeAnswerTable = Readonly<Record<string, ChangeAnswer>>;

export function changeAnswerOf(table: ChangeAnswerTable, code: string): ChangeAnswer {
  return Object.hasOwn(table, code) ? table[code]! : { kind: 'unknown' };
}

/** The platform status code a card keeps after an answer we do not know, e.g. "停机应答 10002". */
export function changeAnswerRaw(on: boolean, code: string): string {
  return `${on ? '复机' : '停机'}应答 ${code || '（无代码）'}`;
}
