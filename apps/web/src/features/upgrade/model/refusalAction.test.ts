import { describe, expect, it } from 'vitest';
import { refusalAction } from './refusalAction';

describe('refusalAction', () => {
  it.each([
    ['renew', { label: '去续订', to: '/cpe_combo' }],
    ['buy', { label: '订购套餐', to: '/cpe_combo' }],
    ['none', null],
  ] as const)('%s', (action, expected) => expect(refusalAction(action)).toEqual(expected));
});
