// A holder's saved addresses (地址管理; docs/decisions/0046-addresses.md): picked in the device
// shop's and the card replacement's forms, edited, deleted, one of them the default. Province,
// city and district come from the one region tree (./patterns/regions) and must form a real triple.
import { z } from 'zod';
import { isCityOf, isDistrictOf, isProvince } from './patterns/regions';
import { ADDRESS_MAX, ADDRESS_MIN, RECEIVER_MAX, RECEIVER_MIN } from './patterns/shop';
import { Mobile } from './schemas';

const chars = (s: string) => [...s].length;
const RECEIVER_MESSAGE = `请填写收货人姓名（${RECEIVER_MIN}-${RECEIVER_MAX} 个字）`;
const STREET_MESSAGE = `请填写详细地址（${ADDRESS_MIN}-${ADDRESS_MAX} 个字，如街道、门牌号）`;

export const SavedAddress = z.object({
  id: z.number().int(),
  receiver: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  /** the street, building and door under the district */
  address: z.string(),
  is_default: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

export const AddressListAnswer = z.object({
  /** the default first, then the newest */
  list: z.array(SavedAddress),
});
export type AddressListAnswer = z.infer<typeof AddressListAnswer>;

/** A new address (no id) or an edit of one of the holder's own (id). */
export const AddressSaveRequest = z
  .object({
    id: z.number({ error: '地址不存在' }).int().positive().optional(),
    receiver: z
      .string({ error: RECEIVER_MESSAGE })
      .trim()
      .refine((s) => chars(s) >= RECEIVER_MIN && chars(s) <= RECEIVER_MAX, RECEIVER_MESSAGE),
    mobile: Mobile,
    province: z.string({ error: '请选择所在地区' }).refine(isProvince, '请选择所在地区'),
    city: z.string({ error: '请选择所在城市' }),
    district: z.string({ error: '请选择所在区 / 县' }),
    address: z
      .string({ error: STREET_MESSAGE })
      .trim()
      .refine((s) => chars(s) >= ADDRESS_MIN && chars(s) <= ADDRESS_MAX, STREET_MESSAGE),
    is_default: z.boolean().default(false),
  })
  .refine((b) => isCityOf(b.province, b.city), { message: '请选择所在城市', path: ['city'] })
  .refine((b) => !isCityOf(b.province, b.city) || isDistrictOf(b.province, b.city, b.district), {
    message: '请选择所在区 / 县',
    path: ['district'],
  });
export type AddressSaveRequest = z.input<typeof AddressSaveRequest>;

export const AddressIdBody = z.object({ id: z.number({ error: '地址不存在' }).int().positive('地址不存在') });
export type AddressIdBody = z.infer<typeof AddressIdBody>;
