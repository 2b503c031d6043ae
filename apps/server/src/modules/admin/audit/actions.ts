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
};

export function actionLabel(action: string): string {
  return ACTION_LABEL[action] ?? action;
}
