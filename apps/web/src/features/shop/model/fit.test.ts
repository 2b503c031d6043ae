import { ShopCode } from '@portal/contract/shopCodes';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { fitOf } from './fit';

const refused = (code: number) => new ApiError('refused', 400, code);

describe('fitOf (the product page says whether a device fits the card)', () => {
  it.each([
    ['the quote on its way', { isPending: true, error: null }, 'checking'],
    ['a price for the card', { isPending: false, error: null }, 'fits'],
    ['refused: not for this card’s package series', { isPending: false, error: refused(ShopCode.NOT_COMPATIBLE) }, 'no'],
    ['refused: not sold by this card’s agent', { isPending: false, error: refused(ShopCode.PRODUCT_UNAVAILABLE) }, 'no'],
    ['refused for the stock: the confirm step says it', { isPending: false, error: refused(ShopCode.OUT_OF_STOCK) }, 'fits'],
    ['refused for unpaid orders: the confirm step says it', { isPending: false, error: refused(ShopCode.TOO_MANY_UNPAID) }, 'fits'],
    ['no answer (offline)', { isPending: false, error: new ApiError('网络连接失败', 0, undefined, 'network') }, 'unknown'],
    ['something else went wrong', { isPending: false, error: new Error('x') }, 'unknown'],
  ] as const)('%s → %s', (_n, q, fit) => {
    expect(fitOf(q)).toBe(fit);
  });
});
