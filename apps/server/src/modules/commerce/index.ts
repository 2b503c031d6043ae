// The commerce area's ONE public entry (docs/decisions/0008): what app wiring, the operator
// command, other modules and tests may use. Inside, the sub-modules use each other without a cycle:
//   catalogue, paySettings          read-only configuration
//   vouchers → catalogue            owns vouchers
//   balance                         owns balance_ledger (the card's balance is modules/cardRecord's)
//   orders → catalogue, paySettings, vouchers, balance
//                                   owns orders, payments, order_deliveries, card_packages; settles
//                                   orders and asks the gateway about them
//   refunds → orders, vouchers, balance        owns refunds
//   payments → orders, refunds      owns pay_notifications; the notify route and the reconciler
//   quickPay → catalogue, vouchers, orders     no login; no table
//   upgrade → catalogue            reads the card's packages; orders price and deliver upgrades with it
//   gifts → vouchers               reads bonuses, bonus orders and vouchers; no table
//   shop                           owns shop_products, shop_orders; orders price device orders and
//                                  hold / give back their stock with it, refunds take it back
//   afterSales → orders, refunds   owns refund_requests, invoice_requests (docs/decisions/0045)
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { afterSalesRoutes } from './afterSales/routes';
import { balanceRoutes } from './balance/routes';
import { catalogueRoutes } from './catalogue/routes';
import { giftRoutes } from './gifts/routes';
import { orderRoutes } from './orders/routes';
import { paymentRoutes } from './payments/routes';
import { quickPayRoutes } from './quickPay/routes';
import { shopRoutes } from './shop/routes';
import { upgradeRoutes } from './upgrade/routes';
import { voucherRoutes } from './vouchers/routes';

export { payRoutes } from './paySettings/routes';

/** The commerce routes, in the order they have always been registered. */
export async function commerceRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await catalogueRoutes(api, ctx);
  await voucherRoutes(api, ctx);
  await orderRoutes(api, ctx);
  await balanceRoutes(api, ctx);
  await paymentRoutes(api, ctx);
  await quickPayRoutes(api, ctx);
  await upgradeRoutes(api, ctx);
  await giftRoutes(api, ctx);
  await shopRoutes(api, ctx);
  await afterSalesRoutes(api, ctx);
}

// the reconciler's run (also called directly by tests) and the operator's refund command (cli/refund.ts)
export { reconcile } from './payments/reconciler';
export { parseRefundArgs, USAGE as REFUND_USAGE } from './refunds/args';
export { latePayments, refundAllLate } from './refunds/latePayments';
export {
  leftToRefund,
  partialRefundPlan,
  refundOrder,
  retryPendingRefunds,
  wholeRefundPlan,
  type RefundMode,
  type RefundReport,
} from './refunds/service';
// a partial refund with the open invoice request it lowers (both sub-modules, composed above them)
export { refundPart } from './partialRefund';
// holders' refund and invoice requests, decided in the console (modules/admin/afterSales)
export * as afterSales from './afterSales/service';
// auto-renew (modules/alerts) buys like any purchase: the same pricing, order and delivery
export { placeOrder } from './orders/service';
export { packagesForCard, purchasablePackage, toPackage } from './catalogue/service';
// the device shop's shipping steps, for the operator console (docs/decisions/0020)
export { markReceived, markShipped, ordersAwaitingShipment } from './shop/service';
export { adjustBalance, adjustBalanceIn, type AdjustmentResult } from './balance/service';
// the console's catalogue (modules/admin/catalogue): coupon-package templates as the portal reads
// them, and vouchers issued in bulk through the vouchers module's own insert
export { templatesOf } from './catalogue/service';
export { batchVoucherCounts, insertBatchVouchers, revokeBatchVouchers, type BatchVoucherCounts } from './vouchers/repo';
// the console's writes of configuration (modules/admin/agents, admin/catalogue), through the owners' repos
export { upsertPaySetting } from './paySettings/repo';
export {
  insertCouponPackage,
  insertPackage,
  replaceOffer,
  updateCouponPackage,
  updatePackage,
  type CouponPackageColumns,
  type PackageColumns,
} from './catalogue/repo';
