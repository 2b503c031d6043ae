// The console's own addresses that one page links to from another (react-router paths under
// /admin): a card's story, an order or a ticket opened in its list's drawer.

/** A card's story at its own address. */
export const storyPath = (card: string) => `/cards/${encodeURIComponent(card)}`;
/** An order opened in 订单's drawer. */
export const orderPath = (orderNo: string) => `/orders?order=${encodeURIComponent(orderNo)}`;
/** A ticket opened in 工单's drawer. */
export const ticketPath = (id: number) => `/tickets?ticket=${id}`;
/** 批量任务 with cards already chosen (from 卡片's selection). */
export const bulkJobsPath = '/bulk-jobs';
/** 运营商账号 (from the dashboard's panel of the accounts' health). */
export const carrierAccountsPath = '/carrier-accounts';
/** 佣金月结单's printable page (docs/decisions/0035-agent-commissions.md). */
export const commissionStatementPrintPath = (month: string, agentId?: number) =>
  `/commissions/print?month=${encodeURIComponent(month)}${agentId ? `&agent_id=${agentId}` : ''}`;
/** The page that works each of the dashboard's queues (its `key`): a queue's row opens it. */
export const queuePath: Record<string, string> = {
  tickets: '/tickets',
  agent_applications: '/applications',
  refunds: '/orders',
  refund_requests: '/orders?tab=refund-requests',
  invoice_requests: '/orders?tab=invoice-requests',
  replacements: '/replacements',
  shop_orders: '/shipping',
  commission_withdrawals: '/commissions',
  approvals: '/approvals',
};
