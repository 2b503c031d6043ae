// Table types for Kysely, one file an area under ./schema/, joined here in Database. Conventions
// that keep one query code base for SQLite and PostgreSQL:
// - booleans are INTEGER 0/1 (SQLite has no boolean type: ./schema/bool.ts);
// - money is INTEGER fen; data volumes are INTEGER KB;
// - timestamps are TEXT ISO-8601 in UTC (they compare correctly as strings on both);
// - business dates (usage days) are TEXT YYYY-MM-DD in China time;
// - lists are TEXT JSON.
// Written by hand beside the migrations; apps/server/test/schemaMatchesMigrations.test.ts compares
// Database with a migrated database, table by table and column by column.
import type { Insertable, Selectable } from 'kysely';
import type { OrderDeliveriesTable, RefundsTable, RefundRequestsTable, InvoiceRequestsTable } from './schema/afterSales';
import type { AgentsTable, AgentPackageCostsTable, PaySettingsTable, AgentApplicationsTable, BrandingImagesTable } from './schema/agents';
import type {
  ScheduledJobsTable,
  CardAlertSettingsTable,
  MessagingAppTokensTable,
  AlertRecipientsTable,
  AlertDeliveriesTable,
  CardNoticesTable,
  HolderMessagesTable,
} from './schema/alerts';
import type {
  CardsTable,
  CardBindingsTable,
  CardPackagesTable,
  CardFlowDailyTable,
  BindingTokensTable,
  DiagnosesTable,
  CardPasswordHandoutsTable,
} from './schema/cards';
import type { CarrierAccountsTable } from './schema/carriers';
import type {
  PackageSeriesTable,
  PackagesTable,
  CouponPackagesTable,
  RechargeOffersTable,
  VouchersTable,
  VoucherBatchesTable,
  OrdersTable,
  PaymentsTable,
  BalanceLedgerTable,
  PayNotificationsTable,
  BalanceAdjustmentsTable,
} from './schema/commerce';
import type {
  CommissionAccountsTable,
  CommissionLedgerTable,
  CommissionWithdrawalsTable,
  CommissionAccountChangesTable,
  PayeeBindingsTable,
} from './schema/commissions';
import type {
  OperatorsTable,
  OperatorSessionsTable,
  AuditLogTable,
  AdminRequestKeysTable,
  WriteLimitsTable,
  ApprovalRequestsTable,
  OperatorTiesTable,
  CardImportBatchesTable,
  BulkJobsTable,
  BulkJobItemsTable,
} from './schema/console';
import type { DevicesTable, DeviceChangesTable, AcsCommandsTable, FirmwareImagesTable } from './schema/devices';
import type { UsersTable, SessionsTable, SmsCodesTable, ThrottlesTable, HolderAddressesTable } from './schema/holders';
import type { MemberProgramsTable, MemberLevelsTable, MemberGrowthTable, InviteCodesTable, InvitesTable } from './schema/membership';
import type { CardPersonalInfoTable, UploadsTable, RealNameTicketsTable, ChangeCardApplicationsTable } from './schema/realName';
import type { ShopProductsTable, ShopOrdersTable } from './schema/shop';
import type {
  SimSmsOutboxTable,
  SimLinesTable,
  SimPaymentsTable,
  SimRefundsTable,
  SimDevicesTable,
  SimDeviceSimsTable,
  SimDeviceClientsTable,
  SimDeviceCommandsTable,
  SimUsageExtraTable,
} from './schema/simulators';
import type { TicketsTable, TicketEventsTable, TicketMessagesTable, ErrorReportsTable } from './schema/support';

export type * from './schema/afterSales';
export type * from './schema/agents';
export type * from './schema/alerts';
export type * from './schema/cards';
export type * from './schema/carriers';
export type * from './schema/commerce';
export type * from './schema/commissions';
export type * from './schema/console';
export type * from './schema/devices';
export type * from './schema/holders';
export type * from './schema/membership';
export type * from './schema/realName';
export type * from './schema/shop';
export type * from './schema/simulators';
export type * from './schema/support';

export interface Database {
  agents: AgentsTable;
  pay_settings: PaySettingsTable;
  users: UsersTable;
  cards: CardsTable;
  card_bindings: CardBindingsTable;
  card_packages: CardPackagesTable;
  card_flow_daily: CardFlowDailyTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  throttles: ThrottlesTable;
  sim_sms_outbox: SimSmsOutboxTable;
  sim_lines: SimLinesTable;
  carrier_accounts: CarrierAccountsTable;
  commission_accounts: CommissionAccountsTable;
  commission_ledger: CommissionLedgerTable;
  commission_withdrawals: CommissionWithdrawalsTable;
  error_reports: ErrorReportsTable;
  admin_request_keys: AdminRequestKeysTable;
  write_limits: WriteLimitsTable;
  approval_requests: ApprovalRequestsTable;
  operator_ties: OperatorTiesTable;
  commission_account_changes: CommissionAccountChangesTable;
  package_series: PackageSeriesTable;
  // real-name and card replacement
  card_personal_info: CardPersonalInfoTable;
  real_name_tickets: RealNameTicketsTable;
  change_card_applications: ChangeCardApplicationsTable;
  uploads: UploadsTable;
  packages: PackagesTable;
  coupon_packages: CouponPackagesTable;
  recharge_offers: RechargeOffersTable;
  vouchers: VouchersTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  balance_ledger: BalanceLedgerTable;
  pay_notifications: PayNotificationsTable;
  sim_payments: SimPaymentsTable;
  // refunds (005)
  order_deliveries: OrderDeliveriesTable;
  refunds: RefundsTable;
  refund_requests: RefundRequestsTable;
  invoice_requests: InvoiceRequestsTable;
  sim_refunds: SimRefundsTable;
  // wifi devices (008)
  devices: DevicesTable;
  device_changes: DeviceChangesTable;
  sim_devices: SimDevicesTable;
  acs_commands: AcsCommandsTable;
  firmware_images: FirmwareImagesTable;
  sim_device_sims: SimDeviceSimsTable;
  sim_device_clients: SimDeviceClientsTable;
  sim_device_commands: SimDeviceCommandsTable;
  // scheduled jobs, alerts and auto-renew (011)
  scheduled_jobs: ScheduledJobsTable;
  card_alert_settings: CardAlertSettingsTable;
  card_notices: CardNoticesTable;
  holder_messages: HolderMessagesTable;
  // alerts in the messaging app (032)
  messaging_app_tokens: MessagingAppTokensTable;
  alert_recipients: AlertRecipientsTable;
  alert_deliveries: AlertDeliveriesTable;
  sim_usage_extra: SimUsageExtraTable;
  // smart diagnosis (010)
  diagnoses: DiagnosesTable;
  tickets: TicketsTable;
  ticket_events: TicketEventsTable;
  ticket_messages: TicketMessagesTable;
  holder_addresses: HolderAddressesTable;
  agent_applications: AgentApplicationsTable;
  // the operator console (014)
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  // membership and invitations (015)
  member_programs: MemberProgramsTable;
  member_levels: MemberLevelsTable;
  member_growth: MemberGrowthTable;
  invite_codes: InviteCodesTable;
  invites: InvitesTable;
  // device shop and box binding tokens (016)
  shop_products: ShopProductsTable;
  shop_orders: ShopOrdersTable;
  binding_tokens: BindingTokensTable;
  // the console's card import batches and bulk jobs (017)
  card_import_batches: CardImportBatchesTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_items: BulkJobItemsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  // the console's agents and catalogue (018)
  branding_images: BrandingImagesTable;
  voucher_batches: VoucherBatchesTable;
  // generated card passwords not yet handed to the operator (022, decision 0028)
  card_password_handouts: CardPasswordHandoutsTable;
  // agents in levels (047)
  agent_package_costs: AgentPackageCostsTable;
  payee_bindings: PayeeBindingsTable;
}

export type Agent = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type User = Selectable<UsersTable>;
/** cards' search columns (036): computed by the database on every read that names them; only the console's search does */
export type CardSearchColumn = 'custom_num_rev' | 'iccid_rev' | 'isdn_rev' | 'imsi_rev';
/** A card as the modules read it: every stored column (modules/cardRecord CARD_COLUMNS), not the search ones. */
export type Card = Omit<Selectable<CardsTable>, CardSearchColumn>;
export type NewCard = Insertable<CardsTable>;
export type PackageRow = Selectable<PackagesTable>;
export type VoucherRow = Selectable<VouchersTable>;
export type OrderRow = Selectable<OrdersTable>;
