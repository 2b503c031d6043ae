import { describe, expect, it } from 'vitest';
import { changeAnswerOf, changeAnswerRaw, type ChangeAnswer, type ChangeAnswerTable } from './changeAnswer';
import { CTWING_CUT_NET_ANSWERS } from './ctwing';
import { ONELINK_CHANGE_ANSWERS } from './onelink';
import { CMP_EDIT_ANSWERS } from './unicomCmp';
import { JASPER_EDIT_ANSWERS } from './unicomJasper';

// Every platform's answer to a stop or resume, row by row: what we know is accepted, refused for
// the line or an account matter; any other code is unknown — never guessed as either.
const rows: [string, ChangeAnswerTable, string, ChangeAnswer['kind'], string?][] = [
  ['OneLink', ONELINK_CHANGE_ANSWERS, '0', 'accepted'],
  ['OneLink', ONELINK_CHANGE_ANSWERS, '11011', 'refused'],
  ['OneLink', ONELINK_CHANGE_ANSWERS, '12011', 'account', 'rate'],
  ['OneLink', ONELINK_CHANGE_ANSWERS, '12021', 'account', 'unavailable'],
  ['OneLink', ONELINK_CHANGE_ANSWERS, '10002', 'unknown'],
  ['OneLink', ONELINK_CHANGE_ANSWERS, '', 'unknown'],
  ['CTWing', CTWING_CUT_NET_ANSWERS, '0000', 'accepted'],
  ['CTWing', CTWING_CUT_NET_ANSWERS, '-5', 'refused'],
  ['CTWing', CTWING_CUT_NET_ANSWERS, '-9', 'refused'],
  ['CTWing', CTWING_CUT_NET_ANSWERS, '-1', 'unknown'],
  ['CTWing', CTWING_CUT_NET_ANSWERS, '0', 'unknown'],
  ['联通 CMP', CMP_EDIT_ANSWERS, '0000', 'accepted'],
  ['联通 CMP', CMP_EDIT_ANSWERS, '1193', 'accepted'],
  ['联通 CMP', CMP_EDIT_ANSWERS, '9001', 'refused'],
  ['联通 CMP', CMP_EDIT_ANSWERS, '1001', 'unknown'],
  ['联通 Jasper', JASPER_EDIT_ANSWERS, '10000003', 'refused'],
  ['联通 Jasper', JASPER_EDIT_ANSWERS, '30000001', 'unknown'],
  ['联通 Jasper', JASPER_EDIT_ANSWERS, 'toString', 'unknown'],
];

describe('a change of service answered', () => {
  it.each(rows)('%s %j: %s', (_platform, table, code, kind, fault) => {
    const answer = changeAnswerOf(table, code);
    expect(answer.kind).toBe(kind);
    if (fault) expect(answer).toMatchObject({ fault });
  });

  it('an unknown code is kept for support with what was asked', () => {
    expect(changeAnswerRaw(false, '10002')).toBe('停机应答 10002');
    expect(changeAnswerRaw(true, '-1')).toBe('复机应答 -1');
    expect(changeAnswerRaw(true, '')).toBe('复机应答 （无代码）');
  });
});
