// The agent's device shop (/shopping) and binding a card by the QR code on a device's box
// (/qr_code_login); docs/decisions/0020-device-shop-and-box-binding.md. A device order is an
// ordinary order (goods_type 'device', ./commerce.ts): these are its goods, its address and its
// shipping.
import { z } from 'zod';
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  BINDING_TOKEN_PATTERN,
  RECEIVER_MAX,
  RECEIVER_MIN,
  SHIP_STATES,
  SHOP_QUANTITY_MAX,
  SHOP_QUANTITY_MESSAGE,
  SHOP_QUANTITY_MIN,
} from './patterns/shop';
import { isCityOf, isDistrictOf, isProvince } from './patterns/regions';
import { CardNum, DateTime, Mobile, OptionalAgentMark, Yuan } from './schemas';
import { wholeNumber } from './wholeNumber';

export * from './patterns/shop';

export const ShopProductId = wholeNumber('请选择商品', { min: 1, max: 2_147_483_647 });
export const ShopQuantity = wholeNumber(SHOP_QUANTITY_MESSAGE, { min: SHOP_QUANTITY_MIN, max: SHOP_QUANTITY_MAX });

const RECEIVER_MESSAGE = `请填写收货人姓名（${RECEIVER_MIN}-${RECEIVER_MAX} 个字）`;
const ADDRESS_MESSAGE = `请填写详细地址（${ADDRESS_MIN}-${ADDRESS_MAX} 个字，如街道、门牌号）`;
const chars = (s: string) => [...s].length;

/** Where a device goes: receiver, mobile, province / city (the region list) / district, street. */
export const ShopDelivery = z
  .object({
    receiver: z
      .string({ error: RECEIVER_MESSAGE })
      .trim()
      .refine((s) => chars(s) >= RECEIVER_MIN && chars(s) <= RECEIVER_MAX, RECEIVER_MESSAGE),
    mobile: Mobile,
    province: z.string({ error: '请选择所在省份和城市' }).refine(isProvince, '请选择所在省份和城市'),
    city: z.string({ error: '请选择所在城市' }),
    district: z.string({ error: '请选择所在区 / 县' }),
    address: z
      .string({ error: ADDRESS_MESSAGE })
      .trim()
      .refine((s) => chars(s) >= ADDRESS_MIN && chars(s) <= ADDRESS_MAX, ADDRESS_MESSAGE),
  })
  .refine((d) => isCityOf(d.province, d.city), { message: '请选择所在城市', path: ['city'] })
  .refine((d) => !isCityOf(d.province, d.city) || isDistrictOf(d.province, d.city, d.district), {
    message: '请选择所在区 / 县',
    path: ['district'],
  });
export type ShopDelivery = z.input<typeof ShopDelivery>;

export const ShopProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  summary: z.string(),
  /** the picture's address (a path on this site) */
  image: z.string(),
  /** the bands it works on, e.g. "4G 全网通 B1/B3/B5/B8/B34/B38/B39/B40/B41" */
  bands: z.string(),
  carriers: z.array(z.string()),
  /** which cards it works with: the names of the package series, or 全部卡片 */
  cards: z.string(),
  price: Yuan,
  /** units that can still be ordered now */
  stock: z.number().int(),
});
export type ShopProduct = z.infer<typeof ShopProduct>;

export const ShopProductsQuery = z.object({ mark: OptionalAgentMark });
/** `open`: the brand's product_form — false: the shop is closed and the list is empty. */
export const ShopProductsAnswer = z.object({ open: z.boolean(), list: z.array(ShopProduct) });
export type ShopProductsAnswer = z.infer<typeof ShopProductsAnswer>;

/** A device order's goods and shipping, as the order pages show it (Order.device). */
export const OrderDevice = z.object({
  product_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  unit_price: Yuan,
  ship_state: z.enum(SHIP_STATES),
  ship_state_label: z.string(),
  carrier: z.string(),
  tracking_no: z.string(),
  shipped_at: DateTime.nullable(),
  receiver: z.string(),
  mobile: z.string(),
  /** province city district street, as one line */
  address: z.string(),
});
export type OrderDevice = z.infer<typeof OrderDevice>;

// ---------- binding by the box's QR code ----------
export const BindingToken = z
  .string({ error: '绑定二维码无效，请核对包装盒上的二维码或联系客服' })
  .trim()
  .regex(BINDING_TOKEN_PATTERN, '绑定二维码无效，请核对包装盒上的二维码或联系客服');
export const QrBindRequest = z.object({ custom_num: CardNum, token: BindingToken });
export type QrBindRequest = z.input<typeof QrBindRequest>;
/** What the box's code says before the user logs in: usable, and the card it binds. */
export const QrCheckAnswer = z.object({ custom_num: z.string(), usable: z.literal(true) });
export const QrBindAnswer = z.object({
  custom_num: z.string(),
  /** true: bound by this request; false: the card was already this user's (the token is used up all the same) */
  bound: z.boolean(),
});
export type QrBindAnswer = z.infer<typeof QrBindAnswer>;
