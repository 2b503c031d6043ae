import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connect';

// One migration code base for both dialects; the only difference is how ids are generated.
function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const text = (t: any, name: string) => t.addColumn(name, 'text', (c: any) => c.notNull().defaultTo(''));
  const int = (t: any, name: string) => t.addColumn(name, 'integer', (c: any) => c.notNull().defaultTo(0));

  let agents: any = withId(s.createTable('agents'), dialect).addColumn('mark', 'text', (c) => c.notNull().unique());
  for (const n of [
    'nickname',
    'username',
    'apply_name',
    'enterprise_name',
    'contact_email',
    'customer_url',
    'app_url',
    'h5_url',
    'guide_qrcode',
    'official_account_qrcode',
    'logo',
    'hotline',
    'payee',
    'withdrawal_account',
    'affiliated_official_account',
    'created_at',
  ])
    agents = text(agents, n);
  for (const n of [
    'open_type',
    'open_customer',
    'agent_form',
    'product_form',
    'open_balance_recharge',
    'card_login',
    'open_market',
    'coupon_goods',
    'withdrawal_method',
    'is_agent',
  ])
    agents = int(agents, n);
  await agents.execute();

  let pay: any = s.createTable('pay_settings').addColumn('agent_id', 'integer', (c) => c.primaryKey().references('agents.id'));
  for (const n of [
    'ali_pay',
    'ali_pay_type',
    'ant_credit_pay',
    'ant_credit_min_money_fen',
    'wechat_pay',
    'wechat_pay_type',
    'official_pay_type',
  ])
    pay = int(pay, n);
  await pay.execute();

  await withId(s.createTable('users'), dialect)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('mobile', 'text', (c) => c.unique())
    .addColumn('account', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  let cards: any = withId(s.createTable('cards'), dialect)
    .addColumn('custom_num', 'text', (c) => c.notNull().unique())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'));
  for (const n of [
    'iccid',
    'isdn',
    'bind_iccid',
    'superior_card_num',
    'verify_url',
    'real_name_url',
    'expired_at',
    'member_expired_at',
    'flow_synced_at',
    'created_at',
  ])
    cards = text(cards, n);
  cards = cards.addColumn('package_series_ids', 'text', (c: any) => c.notNull().defaultTo('[]'));
  for (const n of [
    'channel_id',
    'state',
    'supplier',
    'supplier_state',
    'supplier_auth_state',
    'auth_state',
    'real_name_order',
    'pre_store',
    'pre_store_show',
    'pre_store_mold',
    'fake_real_name',
    'member_right_switch',
    'balance_fen',
    'balance_order_has_payment',
    'order_has_payment',
    'has_first_balance_order',
    'need_change_card',
    'need_auth',
    'need_id',
    'multi_series',
    'package_mold',
    'def_package_id',
    'market_group_id',
    'card_mold',
    'algorithm',
    'series_type',
    'is_skip',
    'ordered_flag',
    'mobile_real_name_mold',
  ])
    cards = int(cards, n);
  cards = cards.addColumn('password_hash', 'text').addColumn('reserve_mobile', 'text');
  await cards.execute();

  await withId(s.createTable('card_bindings'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    // one owner per card: a card bound by someone cannot be bound by another until unbound
    .addColumn('card_id', 'integer', (c) => c.notNull().unique().references('cards.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('card_bindings_user').on('card_bindings').column('user_id').execute();

  await withId(s.createTable('card_packages'), dialect)
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('package_type', 'integer', (c) => c.notNull())
    .addColumn('total_kb', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expired_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('card_packages_card').on('card_packages').columns(['card_id', 'expired_at']).execute();

  await s
    .createTable('card_flow_daily')
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used_kb', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('card_flow_daily_pk', ['card_id', 'day'])
    .execute();

  await withId(s.createTable('sessions'), dialect)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('custom_num', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('login_model', 'text', (c) => c.notNull())
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('replaced_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await s.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await withId(s.createTable('sms_codes'), dialect)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await s.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'purpose', 'created_at']).execute();

  await s
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await withId(s.createTable('sim_sms_outbox'), dialect)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('sim_lines')
    .addColumn('custom_num', 'text', (c) => c.primaryKey())
    .addColumn('carrier_status', 'integer', (c) => c.notNull())
    .addColumn('real_named', 'integer', (c) => c.notNull())
    .addColumn('networks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('current_network', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_kb', 'integer', (c) => c.notNull())
    .addColumn('activated_on', 'text', (c) => c.notNull())
    .execute();
}
