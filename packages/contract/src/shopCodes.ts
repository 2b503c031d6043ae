// Business codes of the device shop, box binding and closing one's own ticket (HTTP 400), with
// their Chinese messages (docs/decisions/0020). Apart from ./codes.ts on purpose, like
// ./deviceCodes.ts: that table is in the web app's first load, and only these pages need them.

/** Unpaid (pending) device orders one card may hold at once: each holds shop stock until paid,
 *  cancelled or expired, so one card cannot keep the shelf empty with orders it never pays. */
export const MAX_UNPAID_DEVICE_ORDERS = 3;

export const ShopCode = {
  PRODUCT_UNAVAILABLE: 10590,
  OUT_OF_STOCK: 10591,
  NOT_COMPATIBLE: 10592,
  ALREADY_SHIPPED: 10593,
  DELIVERY_REQUIRED: 10594,
  TOO_MANY_UNPAID: 10595,
  BINDING_TOKEN_INVALID: 10290,
  BINDING_TOKEN_USED: 10291,
  BINDING_TOKEN_EXPIRED: 10292,
  TICKET_NOT_CLOSABLE: 10295,
} as const;
export type ShopCode = (typeof ShopCode)[keyof typeof ShopCode];

export const SHOP_MESSAGE: Record<ShopCode, string> = {
  [ShopCode.PRODUCT_UNAVAILABLE]: '该商品不存在或已下架',
  [ShopCode.OUT_OF_STOCK]: '库存不足，请减少购买数量或稍后再试',
  [ShopCode.NOT_COMPATIBLE]: '该设备不适用于当前卡片',
  [ShopCode.ALREADY_SHIPPED]: '设备已发货，请先退回设备再退款',
  [ShopCode.DELIVERY_REQUIRED]: '请填写收货人、手机号与收货地址',
  [ShopCode.TOO_MANY_UNPAID]: `这张卡已有 ${MAX_UNPAID_DEVICE_ORDERS} 笔待支付的设备订单，请先到「我的订单」支付或取消其中一笔，再下新订单`,
  [ShopCode.BINDING_TOKEN_INVALID]: '绑定二维码无效，请核对包装盒上的二维码或联系客服',
  [ShopCode.BINDING_TOKEN_USED]: '该绑定二维码已被使用，如非本人操作请联系客服',
  [ShopCode.BINDING_TOKEN_EXPIRED]: '该绑定二维码已过期，请联系客服重新获取',
  [ShopCode.TICKET_NOT_CLOSABLE]: '该工单已关闭',
};
