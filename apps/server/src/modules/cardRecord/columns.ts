import type { Card } from '../../db/schema';

/** cards.package_series_ids is JSON; anything but a list of integers counts as no series. */
export function seriesIdsOf(raw: string): number[] {
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

// Every stored column of a card, listed once and checked against the schema both ways (a column
// added to CardsTable fails the typecheck here until it is listed). A read of a whole card names
// these instead of `cards.*`: `*` also computes the four reversed identifiers (the search columns,
// 24 substr each, on every read), which only the console's search needs — a third of card info's
// statement (docs/decisions/0062).
const STORED: Record<keyof Card, 1> = {
  id: 1,
  custom_num: 1,
  agent_id: 1,
  iccid: 1,
  isdn: 1,
  bind_iccid: 1,
  superior_card_num: 1,
  verify_url: 1,
  real_name_url: 1,
  expired_at: 1,
  member_expired_at: 1,
  flow_synced_at: 1,
  created_at: 1,
  package_series_ids: 1,
  channel_id: 1,
  state: 1,
  supplier: 1,
  supplier_state: 1,
  supplier_auth_state: 1,
  auth_state: 1,
  real_name_order: 1,
  pre_store: 1,
  pre_store_show: 1,
  pre_store_mold: 1,
  fake_real_name: 1,
  member_right_switch: 1,
  balance_fen: 1,
  balance_order_has_payment: 1,
  order_has_payment: 1,
  has_first_balance_order: 1,
  need_change_card: 1,
  need_auth: 1,
  need_id: 1,
  multi_series: 1,
  package_mold: 1,
  def_package_id: 1,
  market_group_id: 1,
  card_mold: 1,
  algorithm: 1,
  series_type: 1,
  is_skip: 1,
  ordered_flag: 1,
  mobile_real_name_mold: 1,
  password_hash: 1,
  reserve_mobile: 1,
  stop_reason: 1,
  import_batch_id: 1,
  resume_requested_at: 1,
  apn: 1,
  apn_expected: 1,
  carrier_account_id: 1,
  carrier_raw_state: 1,
  sync_wanted_at: 1,
  imsi: 1,
};

/** `cards.<column>` for every stored column of a card (STORED above): select these to read a whole card. */
export const CARD_COLUMNS = (Object.keys(STORED) as (keyof Card)[]).map((c) => `cards.${c}` as const);
