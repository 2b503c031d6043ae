// Routes of catalogue, vouchers, orders, payments, balance, quick payment: see ./index.ts.

export const paySetting = 'GET /v1/pay/setting';
export const packageList = 'GET /v1/package/list';
export const packageDetail = 'GET /v1/package/detail';
export const couponPackageList = 'GET /v1/coupon_package/list';
export const rechargeOptions = 'GET /v1/recharge/options';
export const voucherList = 'GET /v1/voucher/list';
export const usableVouchers = 'GET /v1/voucher/usable';
export const orderQuote = 'POST /v1/order/quote';
export const orderCreate = 'POST /v1/order/create';
export const orderDetail = 'GET /v1/order/detail';
export const orderList = 'GET /v1/order/list';
export const orderRepay = 'POST /v1/order/repay';
export const orderClose = 'POST /v1/order/close';
export const balanceLedger = 'GET /v1/balance/ledger';
/** called by the payment gateways; the notification's signature is the authentication */
export const payNotify = 'POST /v1/pay/notify/:channel';
/** WeChat Pay API v3 notifications (channel 1): signed JSON, answered 204 or {code:"FAIL"} */
export const payNotifyWechat = 'POST /v1/pay/wechatpay/notify';
/** Alipay asynchronous notifications (channels 2, 4): a signed form, answered with the text success */
export const payNotifyAlipay = 'POST /v1/pay/alipay/notify/:channel';
/** WeChat Pay JSAPI checkout inside the messaging app: OAuth for the openid, then the page that pays */
export const payWechatJsapi = 'GET /v1/pay/wechatpay/jsapi';
/** its script (served from our origin: the page has no inline script) */
export const payWechatBridge = 'GET /v1/pay/wechatpay/bridge.js';
// quick payment: no login; every call counts against the client address
export const quickCardCheck = 'GET /v1/quick/card_check';
export const quickPackages = 'GET /v1/quick/packages';
export const quickRechargeOptions = 'GET /v1/quick/recharge_options';
export const quickQuote = 'POST /v1/quick/quote';
export const quickOrder = 'POST /v1/quick/order';
export const quickOrderDetail = 'GET /v1/quick/order';
export const quickRepay = 'POST /v1/quick/repay';
