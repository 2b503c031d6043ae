// 品牌's form: the customer-service opening mode (open_type) said in words. The portal has one way to
// open customer service (the agent's https chat link in a new window when set, else the built-in
// 在线咨询: apps/web routes/support/Customer.tsx); the other stored values are kept for agents moved
// over from the old system and behave the same.
import { OPEN_TYPE_LABEL } from '@portal/contract/admin';

const OPEN_TYPE_MAX = 9;

export const OPEN_TYPE = Array.from({ length: OPEN_TYPE_MAX + 1 }, (_, value) => ({
  value,
  label:
    value === 0
      ? `${OPEN_TYPE_LABEL[0]}：有在线客服链接时在新窗口打开该链接，否则打开内置在线咨询`
      : `旧系统取值 ${value}：门户按默认方式打开（仅为迁移来的代理保留）`,
}));
