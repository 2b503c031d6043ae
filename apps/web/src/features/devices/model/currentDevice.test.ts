import { describe, expect, it } from 'vitest';
import { chooseDevice } from './currentDevice';

const list = [{ custom_num: '1000000011' }, { custom_num: '1000000012' }];

describe('chooseDevice', () => {
  it.each([
    ['the current card when it is a device', '1000000012', '1000000012'],
    ['the first device when the current card is not one', '1000000001', '1000000011'],
    ['the first device with no current card', undefined, '1000000011'],
  ])('%s', (_, current, want) => {
    expect(chooseDevice(current, list)?.custom_num).toBe(want);
  });
  it('none without devices', () => {
    expect(chooseDevice('1000000011', [])).toBeUndefined();
  });
});
