// The card-replacement form (/replace_card): the same limits as the server (address 5-120
// characters, reason 1-200), checked before anything is sent.
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import type { ApplicationStatus } from '../api/replacement';

export interface ChangeCardFields {
  receiverName: string;
  receiverMobile: string;
  address: string;
  reason: string;
}

export const CHANGE_CARD_MESSAGE = {
  nameEmpty: '请输入收件人姓名',
  name: '收件人姓名不能超过30个字',
  address: '请输入5-120个字的详细收货地址',
  reasonEmpty: '请填写换卡原因',
  reason: '换卡原因不能超过200个字',
} as const;

export function changeCardFormError(f: ChangeCardFields): string | undefined {
  const name = f.receiverName.trim();
  if (!name) return CHANGE_CARD_MESSAGE.nameEmpty;
  if (name.length > 30) return CHANGE_CARD_MESSAGE.name;
  const mobile = check(f.receiverMobile, MESSAGE.mobileEmpty, PATTERN.mobile, MESSAGE.mobile);
  if (mobile) return mobile;
  const address = f.address.trim();
  if (address.length < 5 || address.length > 120) return CHANGE_CARD_MESSAGE.address;
  const reason = f.reason.trim();
  if (!reason) return CHANGE_CARD_MESSAGE.reasonEmpty;
  if (reason.length > 200) return CHANGE_CARD_MESSAGE.reason;
  return undefined;
}

export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  submitted: '已提交，等待审核',
  shipped: '新卡已寄出',
  done: '换卡已完成',
  rejected: '申请未通过',
};
