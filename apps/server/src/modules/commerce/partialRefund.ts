// A partial refund, with what it changes outside the refunds module in the refund's own
// transaction: an invoice request of the order still open asks for what the holder keeps paid,
// never below 0 (docs/decisions/0072; a whole refund closes it instead). Composed here, above both
// sub-modules, because afterSales already calls refunds (an approved request refunds the order):
// refunds calling afterSales back would tie the two folders into a cycle.
import { lowerOpenInvoice } from './afterSales/repo';
import { refundPart as refundOnly } from './refunds/service';

export const refundPart: typeof refundOnly = (ctx, input, record, mode) =>
  refundOnly(
    ctx,
    input,
    async (trx, done) => {
      await lowerOpenInvoice(trx, input.orderNo, done.amountFen);
      await record?.(trx, done);
    },
    mode,
  );
