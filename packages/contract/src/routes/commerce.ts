// Written by `npm run routes` from ../portal/commerce.ts, where each endpoint is declared: do not edit.

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
export const payNotify = 'POST /v1/pay/notify/:channel';
export const payNotifyWechat = 'POST /v1/pay/wechatpay/notify';
export const payNotifyAlipay = 'POST /v1/pay/alipay/notify/:channel';
export const payWechatJsapi = 'GET /v1/pay/wechatpay/jsapi';
export const payWechatBridge = 'GET /v1/pay/wechatpay/bridge.js';
export const quickCardCheck = 'GET /v1/quick/card_check';
export const quickPackages = 'GET /v1/quick/packages';
export const quickRechargeOptions = 'GET /v1/quick/recharge_options';
export const quickQuote = 'POST /v1/quick/quote';
export const quickOrder = 'POST /v1/quick/order';
export const quickOrderDetail = 'GET /v1/quick/order';
export const quickRepay = 'POST /v1/quick/repay';
