// The device shop's calls (docs/decisions/0020). A device order is created, paid and shown by the
// commerce calls (goods_type 'device'); these are the product list and the box QR binding.
import type { LoginAnswer, QrBindAnswer } from '@portal/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import * as authApi from '@portal/contract/routes/auth';
import * as commerceApi from '@portal/contract/routes/commerce';
import * as api from '@portal/contract/routes/shop';
import { call } from '../../../lib/api';

export function useShopProducts(mark: string | undefined) {
  return useQuery({
    queryKey: ['shop', 'products', mark ?? ''],
    queryFn: ({ signal }) => call(api.shopProducts, { mark: mark || undefined }, { signal }),
    staleTime: 30_000,
  });
}

/** Whether a device fits each of these cards (model/fit.ts fitOf reads each answer): its device
 *  quote, asked before the address form. Silent: the page says what a refusal means. */
export function useDeviceFit(customNums: readonly string[], productId: number) {
  return useQueries({
    queries: customNums.map((customNum) => ({
      queryKey: ['shop', 'fit', productId, customNum],
      queryFn: () =>
        call(commerceApi.orderQuote, { custom_num: customNum, goods_type: 'device', product_id: productId, quantity: 1 }, { silent: true }),
      retry: false,
      staleTime: 30_000,
    })),
  });
}

/** Whether the box's code is still good (no login); refused with the reason (silent: the page says it). */
export function checkBoxCode(customNum: string, token: string) {
  return call(api.qrBindCheck, { custom_num: customNum, token }, { silent: true });
}

export function bindByBoxCode(customNum: string, token: string): Promise<QrBindAnswer> {
  return call(api.qrBind, { custom_num: customNum, token }, { silent: true });
}

// The mobile login of /qr_code_login, through the auth routes directly: importing the login page's
// own helpers would split them out of its chunk and grow /login's first load.
export function sendBoxLoginCode(mobile: string, mark?: string) {
  return call(authApi.sendSmsCode, { mobile, purpose: 'login', mark }, { form: true });
}

export function loginForBox(mobile: string, code: string, mark?: string): Promise<LoginAnswer> {
  return call(authApi.login, { login_model: 'mobile', mobile, code, mark }, { form: true });
}
