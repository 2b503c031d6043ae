// Every query key of the console, in one place (ARCHITECTURE.md: "query keys from one place"). A
// feature's api/ reads its keys here and a change invalidates through the same names, so a save in
// one feature refreshes another's list (a bulk job's cards, an agent's name in the catalogue)
// without either importing the other. Each area has `all` (the prefix every key of the area starts
// with: what a change invalidates) and one builder per query.
//
// ListPage adds 'list' under the key it is given: invalidating `all` reaches the list, while a
// plain query of the same area (a select's options) keeps a key of its own shape.

/** A list's current filter: part of its key, so a new filter starts over. */
type Filter = object;

export const queryKeys = {
  /** the signed-in operator (the layout, the login, the second factor) */
  session: ['session'] as const,
  dashboard: ['dashboard'] as const,

  cards: {
    all: ['cards'] as const,
    search: (filter: Filter) => ['cards', filter] as const,
  },
  cardStory: (card: string) => ['card-story', card] as const,
  /** the portal's home as the card's holder sees it (read-only, audited on each read) */
  cardHolderView: (card: string) => ['card-holder-view', card] as const,
  cardImports: {
    all: ['card-imports'] as const,
    /** generated card passwords not handed out yet (docs/decisions/0028) */
    pendingPasswords: ['card-passwords-pending'] as const,
  },
  bulkJobs: {
    all: ['bulk-jobs'] as const,
    /** one job's cards, of the result shown (全部/失败/成功/待处理) */
    job: (id: number, shown: string) => ['bulk-job', id, shown] as const,
  },
  /** the enabled carrier accounts a card may be put on (an import's 运营商账号, 移至运营商账号): under 'carrier-accounts', so a change to the accounts reaches it */
  carrierAccountChoices: ['carrier-accounts', 'choices'] as const,

  orders: {
    all: ['orders'] as const,
    search: (filter: Filter) => ['orders', filter] as const,
    detail: (orderNo: string) => ['order', orderNo] as const,
    /** every order's detail (what a refund changes, whichever order is open) */
    anyDetail: ['order'] as const,
    latePayments: ['late-payments'] as const,
  },
  /** holders' refund and invoice requests (docs/decisions/0045): a decision invalidates `all` */
  afterSales: {
    all: ['after-sales'] as const,
    refunds: (status: string | undefined) => ['after-sales', 'refunds', status] as const,
    invoices: (status: string | undefined) => ['after-sales', 'invoices', status] as const,
  },
  /** agents' commission (docs/decisions/0035-agent-commissions.md): a change invalidates `all` */
  commissions: {
    all: ['commissions'] as const,
    agents: ['commissions', 'agents'] as const,
    ledger: (agent: number | undefined) => ['commissions', 'ledger', agent] as const,
    statement: (agent: number | undefined, month: string) => ['commissions', 'statement', agent, month] as const,
    withdrawals: (filter: Filter) => ['commissions', 'withdrawals', filter] as const,
    /** a payout openid's binding link, asked until bound (docs/decisions/0067) */
    payeeBinding: (token: string) => ['commissions', 'payee-binding', token] as const,
  },
  ledger: {
    all: ['ledger'] as const,
    card: (card: string | null) => ['ledger', card] as const,
  },

  tickets: {
    all: ['tickets'] as const,
    list: (filter: Filter) => ['tickets', filter] as const,
    detail: (id: number) => ['ticket', id] as const,
    chat: (id: number) => ['ticket', id, 'chat'] as const,
  },
  applications: {
    all: ['applications'] as const,
    list: (status: string | undefined) => ['applications', status] as const,
  },
  replacements: {
    all: ['replacements'] as const,
    list: (status: string | undefined) => ['replacements', status] as const,
  },
  realName: {
    all: ['real-name'] as const,
    list: (card: string | undefined) => ['real-name', card] as const,
  },
  shopOrders: {
    all: ['shop-orders'] as const,
    list: (shipState: string) => ['shop-orders', shipState] as const,
  },

  agents: {
    /** the agents (the list and every select of agents) */
    all: ['agents'] as const,
    /** the operators' agent select: kept a minute */
    options: ['agents', 'options'] as const,
    detail: (id: number) => ['agent', id] as const,
    /** a sub-agent's share and costs (docs/decisions/0067) */
    terms: (id: number) => ['agent', id, 'terms'] as const,
  },
  series: {
    all: ['series'] as const,
  },
  packages: {
    all: ['packages'] as const,
    list: (filter: { agent_id?: number; package_type?: number }) => ['packages', filter] as const,
  },
  couponPackages: {
    all: ['coupons'] as const,
  },
  rechargeOffers: {
    all: ['offers'] as const,
  },
  voucherBatches: {
    all: ['voucherBatches'] as const,
  },
  approvals: {
    all: ['approvals'] as const,
    list: (state: 'pending' | 'decided') => ['approvals', state] as const,
    limits: ['approvals', 'limits'] as const,
  },

  operators: {
    all: ['operators'] as const,
  },
  carrierAccounts: {
    all: ['carrier-accounts'] as const,
    /** the platform kinds and their fields (the form): kept a few minutes */
    kinds: ['carrier-accounts', 'kinds'] as const,
    /** the dashboard's panel: the same list under its own key, asked again every minute */
    health: ['carrier-accounts', 'health'] as const,
  },
  audit: {
    all: ['audit'] as const,
    list: (filter: Filter) => ['audit', filter] as const,
  },

  /** a router's tasks (WiFi设备任务) */
  deviceTasks: {
    all: ['deviceTasks'] as const,
    ofCard: (customNum: string) => ['deviceTasks', customNum] as const,
  },
  /** the firmware catalogue (every model: '', or one) */
  firmware: {
    all: ['firmware'] as const,
    ofModel: (model?: string) => ['firmware', model ?? ''] as const,
  },
  /** 手机端错误, grouped, of one release or all ('') */
  errorGroups: (release: string) => ['errorGroups', release] as const,
} as const;
