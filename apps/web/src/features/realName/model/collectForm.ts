// /collect: the card holder's personal information . The resident ID's check
// digit is the domain's rule (isValidResidentId), the same one the server applies.
import { isValidResidentId } from '@portal/domain';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { PERSON_NAME } from '@portal/contract/patterns/realName';

export interface CollectFields {
  name: string;
  idNumber: string;
  mobile: string;
}

export const COLLECT_MESSAGE = {
  nameEmpty: '请输入姓名',
  name: PERSON_NAME.message,
  idEmpty: '请输入身份证号码',
  id: '身份证号码不正确，请检查后重新输入',
  photos: '请上传身份证正反面照片',
} as const;

export type CollectError = { field: keyof CollectFields | 'photos'; message: string };

export function collectFormError(f: CollectFields, photos: { required: boolean; front?: string; back?: string }): CollectError | undefined {
  const name = f.name.trim();
  if (!name) return { field: 'name', message: COLLECT_MESSAGE.nameEmpty };
  if (name.length < PERSON_NAME.min || name.length > PERSON_NAME.max || !PERSON_NAME.pattern.test(name))
    return { field: 'name', message: COLLECT_MESSAGE.name };
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
