// Business codes and their HTTP statuses: one table, used by the server's error type and by
// the web client's error catalogue. zod-free so the web app can import it cheaply. The codes of a
// login are named constants of ./loginCodes.ts (the login page takes those, not this table).
import {
  CARD_LOGIN_DISABLED,
  CARD_NOT_FOUND,
  CARD_PASSWORD_REQUIRED,
  CARD_PASSWORD_WRONG,
  LOGIN_FAILED,
  SMS_CODE_INVALID,
  SMS_TOO_FREQUENT,
  USER_NOT_FOUND,
} from './loginCodes';

export { NEW_TOKEN_HEADER } from './headers';

export const Code = {
  OK: 0,
  /** docs/spec/portal-spec.md §8: the client drops its stored card and goes home. */
  CARD_NOT_FOUND,
  BAD_REQUEST: 10001,
  LOGIN_FAILED,
  LOCKED: 10102,
  SMS_CODE_INVALID,
  SMS_TOO_FREQUENT,
  USER_NOT_FOUND,
  CARD_ALREADY_BOUND: 10201,
  CARD_PASSWORD_WRONG,
  CARD_PASSWORD_REQUIRED,
  CARD_NOT_BOUND: 10204,
  CARD_NO_MOBILE: 10205,
  CARD_LOGIN_DISABLED,
  // 103xx card gating: the server refuses what the gates would not let through
  CARD_CANCELLED: 10301,
  CARD_NEEDS_REPLACE: 10302,
  CARD_NEEDS_SERIES: 10303,
  CARD_NEEDS_PERSONAL_INFO: 10304,
  CARD_NEEDS_REAL_NAME: 10305,
  CARD_NEEDS_RECHARGE: 10306,
  // 104xx real-name and card replacement
  ID_NUMBER_INVALID: 10401,
  ID_PHOTOS_REQUIRED: 10402,
  REAL_NAME_LINK_INVALID: 10403,
  SERIES_NOT_OF_CARD: 10404,
  CHANGE_CARD_OPEN: 10405,
  CHANGE_CARD_NOT_NEEDED: 10406,
  REAL_NAME_UNAVAILABLE: 10407,
  UPLOAD_MISSING: 10408,
  UPLOAD_NOT_IMAGE: 10409,
  UPLOAD_TOO_LARGE: 10410,
  UPLOAD_NOT_FOUND: 10411,
  SERIES_ALREADY_CHOSEN: 10412,
  // 105xx commerce: orders, vouchers, balance, payments
  PACKAGE_UNAVAILABLE: 10501,
  VOUCHER_UNUSABLE: 10502,
  VOUCHER_EXPIRED: 10503,
  VOUCHER_MIN_SPEND: 10504,
  VOUCHER_PACKAGE_TYPE: 10505,
  VOUCHER_NOT_ALLOWED: 10506,
  RECHARGE_AMOUNT_INVALID: 10507,
  PAY_CHANNEL_UNAVAILABLE: 10508,
  BALANCE_INSUFFICIENT: 10509,
  ORDER_NOT_PENDING: 10510,
  GOODS_REQUIRED: 10511,
  REQUEST_ID_REUSED: 10512,
  PAYMENT_GATEWAY_ERROR: 10513,
  COUPON_PACKAGE_UNAVAILABLE: 10514,
  /** a console price far from its series' others, not confirmed (@portal/domain priceOutlier) */
  PRICE_NEEDS_CONFIRM: 10515,
  /** a console write above a limit was already approved or rejected by another operator (docs/decisions/0048) */
  APPROVAL_ALREADY_DECIDED: 10516,
  /** 移至运营商账号 with cards another carrier issued (by ICCID), not confirmed (docs/decisions/0065) */
  CROSS_CARRIER_NEEDS_CONFIRM: 10517,
  /** a carrier account saved with fields whose last 测试连接 failed, not confirmed (docs/decisions/0071) */
  CARRIER_TEST_FAILED_NEEDS_CONFIRM: 10518,
  // 10560-10579 refunds (operator command, docs/decisions/0006 "Refunds")
  REFUND_NOT_PAID: 10560,
  REFUND_REASON_REQUIRED: 10561,
  REFUND_BALANCE_SPENT: 10562,
  REFUND_VOUCHERS_USED: 10563,
  REFUND_DELIVERY_UNKNOWN: 10564,
  REFUND_GOODS_IN_USE: 10565,
  REFUND_GATEWAY_FAILED: 10566,
  REFUND_PAYMENT_NOT_FOUND: 10567,
  REFUND_RETRY: 10568,
  /** a partial refund's amount: not more than 0, or more than the order has left (docs/decisions/0045) */
  REFUND_AMOUNT_INVALID: 10569,
  /** a holder's refund or invoice request the order does not allow now */
  AFTER_SALES_NOT_ALLOWED: 10570,
  /** the refund or invoice request was decided already */
  AFTER_SALES_DECIDED: 10571,
  // 107xx the messaging app's JS-SDK (docs/decisions/0049-wechat-js-sdk.md)
  /** no official account is configured: no wx.config, the page stays as outside the app */
  JSSDK_UNAVAILABLE: 10701,
  /** a URL that is not a page of the portal's own origin */
  JSSDK_URL_REFUSED: 10702,
  /** the platform did not give a ticket now */
  JSSDK_PLATFORM_FAILED: 10703,
  UNAUTHORIZED: 40100,
  /** docs/spec/decisions.md: session revoked (password changed, operator logout). Sent with HTTP 200. */
  SESSION_REVOKED: 40001,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  PAYLOAD_TOO_LARGE: 41300,
  /** the same console write (its Idempotency-Key) is still being carried out */
  REQUEST_IN_PROGRESS: 40900,
  RATE_LIMITED: 42900,
  INTERNAL: 50000,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export const CODE_HTTP_STATUS: Record<number, number> = {
  [Code.OK]: 200,
  [Code.SESSION_REVOKED]: 200,
  [Code.UNAUTHORIZED]: 401,
  [Code.FORBIDDEN]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.UPLOAD_TOO_LARGE]: 413,
  [Code.REQUEST_IN_PROGRESS]: 409,
  [Code.RATE_LIMITED]: 429,
  [Code.INTERNAL]: 500,
};

/** Any code not listed above is a business error: HTTP 400. */
export function httpStatusOf(code: number): number {
  return CODE_HTTP_STATUS[code] ?? 400;
}

export const DEFAULT_MESSAGE: Record<number, string> = {
  [Code.OK]: 'ok',
  [Code.CARD_NOT_FOUND]: '卡号不存在',
  [Code.BAD_REQUEST]: '请求参数有误',
  [Code.LOGIN_FAILED]: '账号或密码错误',
  [Code.LOCKED]: '错误次数过多，已临时锁定，请稍后再试',
  [Code.SMS_CODE_INVALID]: '验证码错误或已过期',
  [Code.SMS_TOO_FREQUENT]: '验证码发送过于频繁，请稍后再试',
  [Code.USER_NOT_FOUND]: '用户不存在',
  [Code.CARD_ALREADY_BOUND]: '该卡已被其他账号绑定',
  [Code.CARD_PASSWORD_WRONG]: '卡密码错误',
  [Code.CARD_PASSWORD_REQUIRED]: '请输入卡密码',
  [Code.CARD_NOT_BOUND]: '该卡未绑定到当前账号',
  [Code.CARD_NO_MOBILE]: '该卡未绑定手机号，请联系客服',
  [Code.CARD_LOGIN_DISABLED]: '当前不支持卡号登录',
  [Code.CARD_CANCELLED]: '该卡已销户，请联系客服',
  [Code.ID_NUMBER_INVALID]: '身份证号码有误，请检查后重新输入',
  [Code.ID_PHOTOS_REQUIRED]: '该运营商要求上传身份证正反面照片',
  [Code.REAL_NAME_LINK_INVALID]: '实名链接已失效，请返回重新发起实名认证',
  [Code.SERIES_NOT_OF_CARD]: '该套餐系列不适用于此卡',
  [Code.CHANGE_CARD_OPEN]: '您已提交换卡申请，请勿重复提交',
  [Code.CHANGE_CARD_NOT_NEEDED]: '该卡无需换卡',
  [Code.REAL_NAME_UNAVAILABLE]: '该卡暂不支持在线实名，请联系客服',
  [Code.UPLOAD_MISSING]: '请选择要上传的图片',
  [Code.UPLOAD_NOT_IMAGE]: '只能上传 JPG、PNG、WEBP 或 GIF 格式的图片',
  [Code.UPLOAD_TOO_LARGE]: '图片不能超过 5MB',
  [Code.UPLOAD_NOT_FOUND]: '图片不存在或已失效，请重新上传',
  [Code.SERIES_ALREADY_CHOSEN]: '该卡已选定套餐系列，无需重复选择',
  [Code.CARD_NEEDS_REPLACE]: '请先进行换卡操作',
  [Code.CARD_NEEDS_SERIES]: '请先完成套餐系列选择',
  [Code.CARD_NEEDS_PERSONAL_INFO]: '请先完善个人信息',
  [Code.CARD_NEEDS_REAL_NAME]: '请先完成实名认证',
  [Code.CARD_NEEDS_RECHARGE]: '请先完成余额充值',
  [Code.PACKAGE_UNAVAILABLE]: '该套餐不存在或不可购买',
  [Code.VOUCHER_UNUSABLE]: '该优惠券不可用',
  [Code.VOUCHER_EXPIRED]: '该优惠券已过期',
  [Code.VOUCHER_MIN_SPEND]: '未达到该优惠券的使用门槛',
  [Code.VOUCHER_PACKAGE_TYPE]: '该优惠券不适用于此套餐',
  [Code.VOUCHER_NOT_ALLOWED]: '该商品不可使用优惠券',
  [Code.RECHARGE_AMOUNT_INVALID]: '请输入1-5000之间的整数金额',
  [Code.PAY_CHANNEL_UNAVAILABLE]: '该支付方式暂不可用，请选择其他支付方式',
  [Code.BALANCE_INSUFFICIENT]: '余额不足，请先充值或选择其他支付方式',
  [Code.ORDER_NOT_PENDING]: '订单状态已变更，无法进行此操作',
  [Code.GOODS_REQUIRED]: '请选择要购买的商品',
  [Code.REQUEST_ID_REUSED]: '该请求标识已用于其他订单，请刷新后重试',
  [Code.PAYMENT_GATEWAY_ERROR]: '支付服务暂不可用，请稍后再试',
  [Code.COUPON_PACKAGE_UNAVAILABLE]: '该券包不存在或不可购买',
  [Code.PRICE_NEEDS_CONFIRM]: '价格与同系列其他套餐差距较大，请核对后确认',
  [Code.APPROVAL_ALREADY_DECIDED]: '该申请已被处理，无需再处理',
  [Code.CROSS_CARRIER_NEEDS_CONFIRM]: '部分卡不属于目标账号的运营商，请核对后确认',
  [Code.CARRIER_TEST_FAILED_NEEDS_CONFIRM]: '测试连接未通过，请修改后重新测试，或确认后仍然保存',
  [Code.REFUND_NOT_PAID]: '该订单未支付，无法退款',
  [Code.REFUND_REASON_REQUIRED]: '请填写退款原因',
  [Code.REFUND_BALANCE_SPENT]: '余额已被使用，不足以收回本次充值，无法退款',
  [Code.REFUND_VOUCHERS_USED]: '券包中的优惠券已被使用或被待支付订单占用，无法退款',
  [Code.REFUND_DELIVERY_UNKNOWN]: '该订单没有交付记录，无法自动收回权益，请人工处理',
  [Code.REFUND_GOODS_IN_USE]: '该订单的套餐上还有其他订单的权益，请先处理那些订单',
  [Code.REFUND_GATEWAY_FAILED]: '退款已登记，但支付渠道退款未完成，请稍后重新执行退款命令',
  [Code.REFUND_PAYMENT_NOT_FOUND]: '未找到该订单的支付记录',
  [Code.REFUND_RETRY]: '数据已变化，请重新执行退款命令',
  [Code.REFUND_AMOUNT_INVALID]: '退款金额有误',
  [Code.AFTER_SALES_NOT_ALLOWED]: '该订单暂不能申请',
  [Code.AFTER_SALES_DECIDED]: '该申请已处理',
  [Code.JSSDK_UNAVAILABLE]: '未配置公众号，暂不支持微信分享',
  [Code.JSSDK_URL_REFUSED]: '只能为本站页面签名',
  [Code.JSSDK_PLATFORM_FAILED]: '微信接口暂时不可用，请稍后再试',
  [Code.UNAUTHORIZED]: '登录已失效，请重新登录',
  [Code.SESSION_REVOKED]: '您的登录已在其他地方失效，请重新登录',
  [Code.FORBIDDEN]: '当前请求没有权限',
  [Code.NOT_FOUND]: '请求的资源不存在',
  [Code.PAYLOAD_TOO_LARGE]: '请求内容过大',
  [Code.RATE_LIMITED]: '操作过于频繁，请稍后再试',
  [Code.REQUEST_IN_PROGRESS]: '上一次提交仍在处理中，请稍候刷新查看结果',
  [Code.INTERNAL]: '服务器繁忙，请稍后再试',
};
