// The card-replacement form (/replace_card): the same limits as the server (province, city and
// district from the region picker, street address 5-120 characters, reason up to 200 and optional: the operator asked for the
// replacement, so the holder owes no reason), checked before
// anything is sent; each problem names its field.
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import type { ApplicationStatus } from '../api/replacement';

export interface ChangeCardFields {
  receiverName: string;
  receiverMobile: string;
  /** province, city and district, as the picker chose them ("" until chosen) */
  province: string;
  city: string;
  district: string;
  /** the street address under the district */
  address: string;
  reason: string;
}

/** The form's controls; province, city and district are one (the region picker). */
export type ChangeCardField = 'receiverName' | 'receiverMobile' | 'region' | 'address' | 'reason';

export const EMPTY_CHANGE_CARD: ChangeCardFields = {
  receiverName: '',
  receiverMobile: '',
  province: '',
  city: '',
  district: '',
  address: '',
  reason: '',
};

export const CHANGE_CARD_MESSAGE = {
  nameEmpty: '请输入收件人姓名',
  name: '收件人姓名不能超过30个字',
  region: '请选择所在省 / 市 / 区县',
  address: '请输入5-120个字的详细地址（街道、楼栋、门牌号）',
  reason: '换卡原因不能超过200个字',
} as const;

/** The first problem, in the order the fields appear; undefined when the form can be sent. */
export function changeCardFormError(f: ChangeCardFields): { field: ChangeCardField; message: string } | undefined {
  const name = f.receiverName.trim();
  const address = f.address.trim();
  const reason = f.reason.trim();
  const rules: [ChangeCardField, string | undefined][] = [
    ['receiverName', !name ? CHANGE_CARD_MESSAGE.nameEmpty : name.length > 30 ? CHANGE_CARD_MESSAGE.name : undefined],
    ['receiverMobile', check(f.receiverMobile, MESSAGE.mobileEmpty, PATTERN.mobile, MESSAGE.mobile)],
    ['region', !f.province || !f.city || !f.district ? CHANGE_CARD_MESSAGE.region : undefined],
    ['address', address.length < 5 || address.length > 120 ? CHANGE_CARD_MESSAGE.address : undefined],
    ['reason', reason.length > 200 ? CHANGE_CARD_MESSAGE.reason : undefined],
  ];
  const failed = rules.find(([, message]) => message);
  return failed ? { field: failed[0], message: failed[1]! } : undefined;
}

export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  submitted: '已提交，等待审核',
  shipped: '新卡已寄出',
  done: '换卡已完成',
  rejected: '申请未通过',
};
