import { describe, expect, it } from 'vitest';
import { typedDigits } from './typedDigits';

const field = (value: string) => ({ value }) as HTMLInputElement;

describe('typedDigits', () => {
  it('keeps the digits and puts them back into the field', () => {
    const input = field('13a8-00');
    expect(typedDigits(input)).toBe('13800');
    expect(input.value).toBe('13800');
  });

  it('cuts at the limit', () => {
    const input = field('123456');
    expect(typedDigits(input, 4)).toBe('1234');
    expect(input.value).toBe('1234');
  });

  it('leaves a field of digits alone', () => {
    let writes = 0;
    const input = {
      get value() {
        return '42';
      },
      set value(_: string) {
        writes++;
      },
    } as HTMLInputElement;
    expect(typedDigits(input)).toBe('42');
    expect(writes).toBe(0);
  });
});
