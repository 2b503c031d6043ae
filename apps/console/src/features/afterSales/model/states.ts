// The requests' states as the queues show them: the contract's words, the console's colours.
import {
  INVOICE_REQUEST_STATUS_LABEL,
  REFUND_REQUEST_STATUS_LABEL,
  type InvoiceRequestStatus,
  type RefundRequestStatus,
} from '@portal/contract/patterns/afterSales';
import { labelled } from '../../../lib/labels';

export const REFUND_REQUEST_STATES = labelled<RefundRequestStatus>(REFUND_REQUEST_STATUS_LABEL, {
  open: 'gold',
  approved: 'green',
  rejected: 'red',
});

export const INVOICE_REQUEST_STATES = labelled<InvoiceRequestStatus>(INVOICE_REQUEST_STATUS_LABEL, {
  open: 'gold',
  issued: 'green',
  rejected: 'red',
});

export { INVOICE_TITLE_TYPE_LABEL as TITLE_TYPE_LABEL } from '@portal/contract/patterns/afterSales';
