// What each audited action is called in the console. An area that audits a new action adds its
// label here; an action without one is shown as it is.
export const ACTION_LABEL: Record<string, string> = {
  'operator.login': '登录',
  'operator.login_failed': '登录失败',
  'operator.locked': '账号锁定',
  'operator.logout': '退出登录',
  'operator.password_changed': '修改密码',
  'operator.totp_enrol': '开始开启两步验证',
  'operator.totp_enabled': '开启两步验证',
  'operator.totp_disabled': '关闭两步验证',
  'audit.export': '导出审计日志',
  'agent.created': '新建代理商',
  'agent.branding_changed': '修改代理商品牌',
  'agent.features_changed': '修改功能开关',
  'agent.pay_changed': '修改支付设置',
  'agent.image_uploaded': '上传品牌图片',
  'series.saved': '保存套餐系列',
  'package.saved': '保存套餐',
  'price.changed': '修改套餐价格',
  'coupon_package.saved': '保存优惠券包',
  'recharge_offer.saved': '保存首充优惠',
  'vouchers.issued': '批量发放优惠券',
};

export function actionLabel(action: string): string {
  return ACTION_LABEL[action] ?? action;
}
