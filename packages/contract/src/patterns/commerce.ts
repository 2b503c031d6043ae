// Input rules of the commerce forms, shared by the zod schemas and the web forms (see ./account.ts).

/** Order numbers the server issues. */
export const ORDER_NO = { pattern: /^[A-Za-z0-9]{8,40}$/, message: '订单号有误' } as const;

/** A balance recharge is a whole number of yuan in this range (the e-card rule, docs/spec/portal-spec.md §5). */
export const RECHARGE_MIN_YUAN = 1;
export const RECHARGE_MAX_YUAN = 5000;
