// A state reads the same on a page and in its CSV export: every label table the console shows is
// the contract's (beside the state's enum), and the server's exports read the same tables
// (apps/server/test/adminExports.test.ts checks the files' cells against them). Here: each page's
// table has exactly the contract's states, in the contract's words — the console adds only colours.
import { describe, expect, it } from 'vitest';
import { ORDER_STATE_LABEL } from '@portal/contract';
import {
  BULK_STATUS_LABEL,
  CARRIER_ACCOUNT_STATE_LABEL,
  CARRIER_HEALTH_STATE_LABEL,
  OPERATOR_STATE_LABEL,
  REAL_NAME_STATE_LABEL,
  REPLACEMENT_STATUS_LABEL,
} from '@portal/contract/admin';
import { AGENT_APPLICATION_STATUS_LABEL } from '@portal/contract/patterns/agentApplications';
import { SHIP_STATE_LABEL } from '@portal/contract/patterns/shop';
import { TICKET_CATEGORY_LABEL, TICKET_STATUS_LABEL } from '@portal/contract/patterns/tickets';
import { INVOICE_REQUEST_STATUS_LABEL, REFUND_REQUEST_STATUS_LABEL } from '@portal/contract/patterns/afterSales';
import { INVOICE_REQUEST_STATES, REFUND_REQUEST_STATES } from '../features/afterSales/model/states';
import type { Labelled } from '../lib/labels';
import { APPLICATION_STATES } from '../features/applications/model/states';
import { ACCOUNT_STATES, HEALTH_STATES } from '../features/carrierAccounts/model/accountForm';
import { ITEM_STATE_COLOR, JOB_STATE_COLOR, stateLabel } from '../features/bulkJobs/model/jobs';
import { OPERATOR_STATES } from '../features/operators/model/actions';
import { ORDER_STATES } from '../features/orders/model/states';
import { REAL_NAME_STATES } from '../features/realName/model/states';
import { REPLACEMENT_STATES } from '../features/replacements/model/states';
import { SHIP_STATE_OPTIONS } from '../features/shipping/model/states';
import { TICKET_CATEGORY_OPTIONS, TICKET_STATES } from '../features/tickets/model/states';

const wordsOf = (states: Labelled) => Object.fromEntries(Object.entries(states).map(([s, { label }]) => [s, label]));
const optionWords = (options: { value: string | number; label: string }[]) => Object.fromEntries(options.map((o) => [o.value, o.label]));

describe('the console shows the contract’s words for every state (the words its CSV exports write)', () => {
  it.each([
    ['换卡申请', REPLACEMENT_STATES, REPLACEMENT_STATUS_LABEL],
    ['工单', TICKET_STATES, TICKET_STATUS_LABEL],
    ['代理申请', APPLICATION_STATES, AGENT_APPLICATION_STATUS_LABEL],
    ['订单', ORDER_STATES, ORDER_STATE_LABEL],
    ['运营商实名', REAL_NAME_STATES, REAL_NAME_STATE_LABEL],
    ['操作员', OPERATOR_STATES, OPERATOR_STATE_LABEL],
    ['运营商账号', ACCOUNT_STATES, CARRIER_ACCOUNT_STATE_LABEL],
    ['运营商账号健康', HEALTH_STATES, CARRIER_HEALTH_STATE_LABEL],
    ['退款申请', REFUND_REQUEST_STATES, REFUND_REQUEST_STATUS_LABEL],
    ['发票申请', INVOICE_REQUEST_STATES, INVOICE_REQUEST_STATUS_LABEL],
  ] as const)('%s', (_page, states, contract) => {
    expect(wordsOf(states)).toEqual(contract);
    for (const s of Object.values(states)) expect(typeof s.color).toBe('string');
  });

  it('换卡申请: a submitted replacement waits to be shipped (the page said 待发货, its CSV 待处理)', () => {
    expect(REPLACEMENT_STATES.submitted.label).toBe('待发货');
  });

  it('发货 and 工单 filters offer the contract’s states and categories', () => {
    expect(optionWords(SHIP_STATE_OPTIONS)).toEqual(SHIP_STATE_LABEL);
    expect(optionWords(TICKET_CATEGORY_OPTIONS)).toEqual(TICKET_CATEGORY_LABEL);
  });

  it('批量任务: every job and card state is the contract’s', () => {
    for (const s of [...Object.keys(JOB_STATE_COLOR), ...Object.keys(ITEM_STATE_COLOR)]) expect(stateLabel(s)).toBe(BULK_STATUS_LABEL[s]);
  });
});
