// /collect: the card holder's personal information (issue 3, section 4). The resident ID's check
// digit is the domain's rule (isValidResidentId), the same one the server applies.
import { isValidResidentId } from '@portal/domain';
import { check, MESSAGE, PATTERN } from '../../../lib/patterns';

export interface CollectFields {
  name: string;
  idNumber: string;
  mobile: string;
}

/** 2-30 characters of Chinese, with the middle dot of minority and transliterated names. */
export const NAME_PATTERN = /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/;

export const COLLECT_MESSAGE = {
  nameEmpty: '请输入姓名',
  name: '请输入正确的中文姓名',
  idEmpty: '请输入身份证号码',
  id: '身份证号码不正确，请检查后重新输入',
  photos: '请上传身份证正反面照片',
} as const;

export type CollectError = { field: keyof CollectFields | 'photos'; message: string };

export function collectFormError(f: CollectFields, photos: { required: boolean; front?: string; back?: string }): CollectError | undefined {
  const name = f.name.trim();
  if (!name) return { field: 'name', message: COLLECT_MESSAGE.nameEmpty };
  if (name.length < 2 || name.length > 30 || !NAME_PATTERN.test(name)) return { field: 'name', message: COLLECT_MESSAGE.name };
  const id = normaliseId(f.idNumber);
  if (!id) return { field: 'idNumber', message: COLLECT_MESSAGE.idEmpty };
  if (!isValidResidentId(id)) return { field: 'idNumber', message: COLLECT_MESSAGE.id };
  const mobileError = check(f.mobile, MESSAGE.mobileEmpty, PATTERN.mobile, MESSAGE.mobile);
  if (mobileError) return { field: 'mobile', message: mobileError };
  if (photos.required && (!photos.front || !photos.back)) return { field: 'photos', message: COLLECT_MESSAGE.photos };
  return undefined;
}

/** Spaces dropped, a lower-case check letter raised: people type "x". */
export function normaliseId(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Real-name suppliers whose carrier needs the ID card photographed (Telecom, CME). */
const PHOTO_SUPPLIERS: ReadonlySet<number> = new Set([3, 12]);

export function photosRequired(data: { supplier: number; need_photos?: boolean }): boolean {
  return data.need_photos ?? PHOTO_SUPPLIERS.has(data.supplier);
}
