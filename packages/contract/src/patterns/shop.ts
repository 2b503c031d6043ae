// Zod-free constants of the device shop (/shopping), for the browser and the schemas in ../shop.ts.

/** docs/spec/portal-spec.md §5 and §9: the number input clamps to 1..9999, step 1, no decimals. */
export const SHOP_QUANTITY_MIN = 1;
export const SHOP_QUANTITY_MAX = 9999;
export const SHOP_QUANTITY_MESSAGE = `购买数量须为 ${SHOP_QUANTITY_MIN}-${SHOP_QUANTITY_MAX} 的整数`;

export const SHIP_STATES = ['awaiting', 'shipped', 'received'] as const;
export type ShipState = (typeof SHIP_STATES)[number];
export const SHIP_STATE_LABEL: Record<ShipState, string> = { awaiting: '待发货', shipped: '已发货', received: '已签收' };

/** The receiver's name: 2 to 20 characters. The street address: 5 to 100. */
export const RECEIVER_MIN = 2;
export const RECEIVER_MAX = 20;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 100;

/** A box's QR binding token: 32 url-safe characters (24 random bytes, base64url). */
export const BINDING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
