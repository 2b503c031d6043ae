// Real-name verification, package series choice and card replacement.
import { z } from 'zod';
import { PERSON_NAME } from './patterns/realName';
import { isCityOf, isDistrictOf, isProvince } from './patterns/regions';
import { ReplacementProgress } from './replacementProgress';
import { CardNum, Mobile } from './schemas';

export const PersonalInfo = z.object({
  /** masked, e.g. 张* */
  name: z.string(),
  /** masked, e.g. 1101**********1234 */
  id_number: z.string(),
  /** masked, e.g. 138****8000 */
  mobile: z.string(),
});
export type PersonalInfo = z.infer<typeof PersonalInfo>;

export const RealNameData = z.object({
  /** real-name supplier: 1 mobile, 2 unicom, 3 telecom, 8 bajun, 12 CME, 13 broadcast */
  supplier: z.number().int(),
  mobile_real_name_mold: z.number().int(),
  order_has_payment: z.boolean(),
  balance_order_has_payment: z.boolean(),
  /** 0 applet, 1 url */
  real_name_mode: z.number().int(),
  verified: z.boolean(),
  /** the portal's carrier page for this card */
  page: z.string(),
  need_id: z.boolean(),
  personal_info: PersonalInfo.nullable(),
  /** this carrier wants both sides of the ID card with the personal information (Telecom, CME, Broadcast) */
  need_photos: z.boolean(),
});
export type RealNameData = z.infer<typeof RealNameData>;

/** Chinese names, including the middle dot of minority and transliterated names. */
export const PersonName = z
  .string({ error: '请输入姓名' })
  .trim()
  .min(PERSON_NAME.min, `姓名至少 ${PERSON_NAME.min} 个字`)
  .max(PERSON_NAME.max, `姓名最多 ${PERSON_NAME.max} 个字`)
  .regex(PERSON_NAME.pattern, PERSON_NAME.message);

export const IdNumber = z
  .string({ error: '请输入身份证号码' })
  .trim()
  .regex(/^\d{17}[\dXx]$/, '请输入正确的 18 位身份证号码');

export const UploadId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '图片编号有误');
export const UploadParams = z.object({ id: UploadId });

export const CardRealNameRequest = z.object({
  custom_num: CardNum,
  name: PersonName,
  id_number: IdNumber,
  mobile: Mobile,
  id_photo_front: UploadId.optional(),
  id_photo_back: UploadId.optional(),
});
export type CardRealNameRequest = z.infer<typeof CardRealNameRequest>;
export const CardRealNameAnswer = z.object({ personal_info: PersonalInfo, need_id: z.boolean() });

/** POST /v1/upload (multipart, field `file`): an image of the caller's, by id. `url` serves it back to its owner only (Bearer token). */
export const UploadAnswer = z.object({ id: z.string(), url: z.string() });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/** POST /v1/real_name/start; `return_path` is the portal page the carrier sends the browser back to (same-origin path only). */
export const RealNameStartRequest = z.object({ custom_num: CardNum, return_path: z.string().max(300, '返回地址过长').optional() });
export type RealNameStartRequest = z.infer<typeof RealNameStartRequest>;

export const RealNameStart = z.object({ mode: z.number().int(), url: z.string(), expires_at: z.string() });
export type RealNameStart = z.infer<typeof RealNameStart>;
export const RealNameStatus = z.object({
  verified: z.boolean(),
  changed: z.boolean(),
  /** the carrier could not be asked now: the card's stored state stands, and the sync round asks again */
  unconfirmed: z.boolean(),
});
export type RealNameStatus = z.infer<typeof RealNameStatus>;

export const SeriesItem = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export const SeriesAnswer = z.object({ list: z.array(SeriesItem), multi_series: z.boolean() });
export type SeriesAnswer = z.infer<typeof SeriesAnswer>;
export const SelectSeriesRequest = z.object({ custom_num: CardNum, series_id: z.number({ error: '请选择套餐系列' }).int().positive() });
export const SelectSeriesAnswer = z.object({ series_id: z.number().int() });

export const ChangeCardApplication = z.object({
  id: z.number().int(),
  status: z.enum(['submitted', 'shipped', 'done', 'rejected']),
  receiver_name: z.string(),
  receiver_mobile: z.string(),
  /** the province and city chosen in the picker ("" on applications filed before it existed) */
  province: z.string(),
  city: z.string(),
  /** the district chosen in the picker ("" on applications filed before it was asked) */
  district: z.string(),
  /** the street address under the district */
  address: z.string(),
  reason: z.string(),
  /** the courier and tracking number once the new card is shipped ("" until then) */
  carrier: z.string(),
  tracking_no: z.string(),
  created_at: z.string(),
  new_custom_num: z.string(),
});
export const ChangeCardInfo = z.object({
  need_change_card: z.boolean(),
  application: ChangeCardApplication.nullable(),
  /** the latest application's progress; null without one */
  progress: ReplacementProgress.nullable(),
});
export type ChangeCardInfo = z.infer<typeof ChangeCardInfo>;
export const ChangeCardContent = z.object({ title: z.string(), content: z.string() });
export const ChangeCardRequest = z
  .object({
    custom_num: CardNum,
    receiver_name: PersonName,
    receiver_mobile: Mobile,
    province: z.string({ error: '请选择所在省份和城市' }).refine(isProvince, '请选择所在省份和城市'),
    city: z.string({ error: '请选择所在城市' }),
    district: z.string({ error: '请选择所在区 / 县' }),
    address: z.string({ error: '请输入详细地址' }).trim().min(5, '详细地址至少 5 个字').max(120, '详细地址最多 120 个字'),
    // optional: a replacement is filed only when the operator asked for it (the card's
    // need_change_card), so the holder owes no reason (decision 0070)
    reason: z.string({ error: '换卡原因有误' }).trim().max(200, '换卡原因最多 200 个字').default(''),
  })
  .refine((b) => isCityOf(b.province, b.city), { message: '请选择所在城市', path: ['city'] })
  .refine((b) => !isCityOf(b.province, b.city) || isDistrictOf(b.province, b.city, b.district), {
    message: '请选择所在区 / 县',
    path: ['district'],
  });
export type ChangeCardRequest = z.infer<typeof ChangeCardRequest>;
