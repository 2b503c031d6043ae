// Test fixture shared by the gating model's tests: a card every gate lets through.
import type { GateCard } from '@portal/domain';

export const healthyCard: GateCard = {
  state: 1,
  supplier: 2,
  need_change_card: false,
  multi_series: false,
  need_id: false,
  real_name_order: 0,
  pre_store: false,
  pre_store_show: false,
  balance_order_has_payment: true,
  order_has_payment: true,
  supplier_auth_state: true,
  card_extensions: { fake_real_name: false, pre_store_mold: 0 },
};
