import { describe, expect, it } from 'vitest';
import { rowFactory } from './rowFactory';

describe('rowFactory', () => {
  const cases: Array<[string, string[], unknown[], Record<string, unknown>]> = [
    ['plain columns, in order', ['id', 'custom_num', 'state'], [1, '1000000001', 2], { id: 1, custom_num: '1000000001', state: 2 }],
    ['no columns', [], [], {}],
    ['null and blob values kept as they are', ['a', 'b'], [null, new Uint8Array([1])], { a: null, b: new Uint8Array([1]) }],
    ['the later of two equal names wins, like node:sqlite', ['id', 'id'], [1, 2], { id: 2 }],
    [
      'names that are not identifiers',
      ['count(*)', 'a"b', "it's", 'x\\y', '1st'],
      [1, 2, 3, 4, 5],
      { 'count(*)': 1, 'a"b': 2, "it's": 3, 'x\\y': 4, '1st': 5 },
    ],
    ['names of Object.prototype', ['constructor', 'toString'], [1, 2], { constructor: 1, toString: 2 }],
  ];
  it.each(cases)('%s', (_, names, values, expected) => {
    const row = rowFactory(names)(values);
    expect(row).toEqual(expected);
    expect(Object.keys(row)).toEqual(Object.keys(expected));
  });

  it('a column named __proto__ is a property, not the prototype', () => {
    const row = rowFactory(['id', '__proto__'])([1, { polluted: true }]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ polluted: true });
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('code in a column name is never run', () => {
    const names = ['a: (globalThis.hacked = 1), b', '"}; globalThis.hacked = 1; ({"'];
    const row = rowFactory(names)([1, 2]);
    expect((globalThis as { hacked?: number }).hacked).toBeUndefined();
    expect(Object.keys(row)).toEqual(names);
  });
});
