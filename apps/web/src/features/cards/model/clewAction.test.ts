import { describe, expect, it } from 'vitest';
import { clewAction } from './clewAction';

describe('clewAction', () => {
  it.each([
    [
      { text: '去续订', path: '/combo' },
      { text: '去续订', path: '/combo' },
    ],
    [
      { text: '联系客服', path: '/customer?form=home' },
      { text: '联系客服', path: '/customer?form=home' },
    ],
    [{ text: '去', path: '//evil.example' }, null],
    [{ text: '去', path: '/\\evil.example' }, null],
    [{ text: '去', path: 'https://evil.example' }, null],
    [{ text: '去', path: 'javascript:alert(1)' }, null],
    [{ text: '', path: '/combo' }, null],
    [null, null],
  ])('%j → %j', (action, expected) => expect(clewAction({ action })).toEqual(expected));

  it('no answer yet: no button', () => expect(clewAction(undefined)).toBeNull());
});
