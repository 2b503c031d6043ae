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
  'cards.export': '导出卡片',
  'cards.import': '导入卡片',
  'cards.import_undone': '撤销导入批次',
  'bulk_job.created': '新建批量任务',
  'card.suspended': '停机',
  'card.resumed': '复机',
  'card.marked_replacement': '标记换卡',
  'card.series_set': '设置套餐系列',
  'card.agent_moved': '转移代理',
  'orders.export': '导出订单',
  'order.refund': '订单退款',
  'balance.adjust': '调整余额',
  'ticket.reply': '处理投诉建议',
  'agent_application.in_review': '代理申请转审核',
  'agent_application.approved': '通过代理申请',
  'agent_application.rejected': '驳回代理申请',
  'replacement.shipped': '换卡发货',
  'replacement.done': '换卡完成',
  'replacement.rejected': '驳回换卡申请',
  'realname.reveal': '查看完整实名信息',
  'shop_order.shipped': '设备订单发货',
};

export function actionLabel(action: string): string {
  return ACTION_LABEL[action] ?? action;
}
