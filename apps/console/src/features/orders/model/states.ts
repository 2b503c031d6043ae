// An order's states, goods, pay channels and payment-notification outcomes as 订单 shows them: the
// contract's words (the order export says the same), the console's colours.
import { GOODS_TYPE_LABEL, ORDER_STATE_LABEL, type OrderState } from '@portal/contract';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import { labelled } from '../../../lib/labels';

export const ORDER_STATES = labelled<OrderState>(ORDER_STATE_LABEL, {
  pending: 'gold',
  paid: 'blue',
  fulfilled: 'green',
  closed: 'default',
  failed: 'red',
  refunded: 'purple',
});

export const GOODS_OPTIONS = Object.entries(GOODS_TYPE_LABEL).map(([value, label]) => ({ value, label }));
export const CHANNEL_OPTIONS = Object.entries(PAY_CHANNEL_NAME).map(([value, label]) => ({ value: Number(value), label }));
export const channelName = (c: number) => PAY_CHANNEL_NAME[c as keyof typeof PAY_CHANNEL_NAME] ?? `渠道 ${c}`;

/** What became of a gateway's payment notification: the contract's words. */
export { NOTIFICATION_OUTCOME_LABEL, REFUND_KIND_LABEL } from '@portal/contract/admin';
