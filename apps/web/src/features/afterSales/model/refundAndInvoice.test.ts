import type { AfterSales } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { refundInvoiceNote } from './refundAndInvoice';

type Refund = AfterSales['refund']['request'];
type Invoice = AfterSales['invoice']['request'];
const a = (refund: Partial<NonNullable<Refund>> | null, invoice: Partial<NonNullable<Invoice>> | null, canInvoice = false) =>
  ({
    refund: { can_request: false, why: null, until: null, request: refund as Refund },
    invoice: { can_request: canInvoice, why: null, amount: null, request: invoice as Invoice },
  }) as Pick<AfterSales, 'refund' | 'invoice'>;

describe('refundInvoiceNote: what a pending refund means for the invoice', () => {
  it('says nothing without a refund under review', () => {
    expect(refundInvoiceNote(a(null, { status: 'open' }))).toBeNull();
    expect(refundInvoiceNote(a({ status: 'approved' }, { status: 'open' }))).toBeNull();
  });
  it('an invoice request waiting: it closes when the refund completes', () =>
    expect(refundInvoiceNote(a({ status: 'open' }, { status: 'open' }))).toMatch(/发票申请将自动关闭/));
  it('an invoice issued: reversed through support', () =>
    expect(refundInvoiceNote(a({ status: 'open' }, { status: 'issued' }))).toMatch(/冲红/));
  it('no invoice yet (or a rejected one) while one may be asked for: none once refunded', () => {
    expect(refundInvoiceNote(a({ status: 'open' }, null, true))).toMatch(/不再开票/);
    expect(refundInvoiceNote(a({ status: 'open' }, { status: 'rejected' }, true))).toMatch(/不再开票/);
    expect(refundInvoiceNote(a({ status: 'open' }, null, false))).toBeNull();
  });
});
