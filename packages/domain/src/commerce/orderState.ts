// The order state machine as one transition table (docs/decisions/0006). Every state change in
// the server is a conditional UPDATE … WHERE state = <from>, checked against this table.

export type OrderStateName = 'pending' | 'paid' | 'fulfilled' | 'closed' | 'failed' | 'refunded';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStateName, readonly OrderStateName[]>> = {
  pending: ['paid', 'closed', 'failed'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  closed: [],
  failed: [],
  refunded: [],
};

export function canTransition(from: string, to: OrderStateName): boolean {
  const next = ORDER_TRANSITIONS[from as OrderStateName];
  return next !== undefined && next.includes(to);
}

/** The state a transition leaves, or an Error describing why it is not allowed. */
export function transition(from: string, to: OrderStateName): OrderStateName {
  if (!canTransition(from, to)) throw new Error(`order cannot go from ${from} to ${to}`);
  return to;
}

/** Settled states: the pay-status page stops polling at these. */
export function isSettled(state: string): boolean {
  return state !== 'pending';
}
