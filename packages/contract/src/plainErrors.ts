// The message of a schema error that carries none of its own, in words a card holder or an
// operator can act on. zod's Chinese locale speaks to programmers ("无效输入：期望 string，实际接收
// undefined"); a field without its own message would show that to a user. Here every such error
// names the field in words and says what to do; a field we have no word for is "提交的内容"
// (the user can only go back and try again). The server installs it once (app.ts); a schema's own
// message still wins (zod: schema error > global customError).
import type { z } from 'zod';

/** Words for the request fields of the portal and the console (the last key of an error's path). */
const FIELD: Record<string, string> = {
  access_key: '订单查询码',
  address: '收货地址',
  agent_id: '代理',
  agreed: '用户协议',
  amount: '金额',
  amount_fen: '金额',
  auto_renew: '自动续订',
  band: 'WiFi频段',
  batch_id: '导入批次',
  card: '卡号',
  card_id: '卡片',
  card_password: '卡密码',
  carrier: '运营商',
  category: '类别',
  channel: '支付渠道',
  city: '城市',
  code: '验证码',
  confirm: '确认',
  confirm_password: '确认密码',
  contact: '联系方式',
  content: '内容',
  content_base64: '文件',
  cost_fen: '成本价',
  coupon_package_id: '券包',
  custom_num: '卡号',
  custom_nums: '卡号列表',
  data_alert: '剩余流量提醒',
  days: '天数',
  delivery: '配送信息',
  description: '说明',
  display_name: '名称',
  expiry_alert: '到期提醒',
  expiry_days: '提前天数',
  file_name: '文件名',
  flow_mb: '流量',
  goods_type: '商品类型',
  hidden: '隐藏WiFi',
  iccid: 'ICCID',
  id: '编号',
  id_number: '身份证号',
  id_photo_back: '身份证反面照片',
  id_photo_front: '身份证正面照片',
  image: '图片',
  images: '图片',
  in_messaging_app: '浏览器环境',
  invite: '邀请码',
  invite_code: '邀请码',
  mac: '设备MAC地址',
  mark: '代理标识',
  max_clients: '最大连接数',
  min_spend_fen: '使用门槛',
  mobile: '手机号',
  mode: '模式',
  name: '名称',
  new_custom_num: '新卡号',
  new_password: '新密码',
  nickname: '备注名',
  notes: '备注',
  old_password: '原密码',
  order_no: '订单号',
  original_price_fen: '原价',
  package_id: '套餐',
  package_type: '套餐类型',
  package_types: '适用套餐类型',
  password: '密码',
  password_again: '确认密码',
  pay_channel: '支付方式',
  period: '周期',
  period_count: '周期数',
  price_fen: '价格',
  product_id: '商品',
  province: '省份',
  purpose: '用途',
  quantity: '数量',
  real_name: '姓名',
  reason: '原因',
  receiver_mobile: '收货人手机号',
  receiver_name: '收货人',
  request_id: '请求编号',
  retail_fen: '零售价',
  role: '角色',
  security: '加密方式',
  serial: '设备序列号',
  series_id: '套餐系列',
  ssid: 'WiFi名称',
  threshold_unit: '提醒方式',
  threshold_value: '提醒阈值',
  ticket_no: '工单号',
  token: '二维码',
  totp: '动态验证码',
  tracking_no: '快递单号',
  username: '用户名',
  valid_days: '有效天数',
  voucher_id: '优惠券',
};

/** The field's words: the last named key of the path ("提交的内容" when we have none). */
function fieldOf(path: readonly PropertyKey[] | undefined): string | null {
  for (let i = (path?.length ?? 0) - 1; i >= 0; i--) {
    const key = path![i];
    if (typeof key === 'string') return FIELD[key] ?? null;
  }
  return null;
}

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** A message for an error whose schema gave none: the field in words and what to do. */
export function plainError(issue: Issue): string {
  const field = fieldOf(issue.path);
  if (field === null) return '提交的内容有误，请返回上一步重新填写';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? `请填写${field}` : `${field}格式不正确，请重新填写`;
    case 'too_small':
    case 'too_big':
      return `${field}超出允许的范围，请重新填写`;
    case 'invalid_value':
      return `请选择有效的${field}`;
    case 'unrecognized_keys':
      return '提交的内容有误，请返回上一步重新填写';
    default:
      return `${field}有误，请重新填写`;
  }
}
