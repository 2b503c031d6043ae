import { describe, expect, it } from 'vitest';
import { cleanNickname, nicknameProblem } from './cardNickname';

describe('card nickname', () => {
  it.each([
    ['  家里路由器 ', '家里路由器'],
    ['车载  卡', '车载 卡'],
    ['   ', ''],
  ])('cleanNickname(%j) = %j', (raw, clean) => expect(cleanNickname(raw)).toBe(clean));

  it.each([
    ['家', null],
    ['一二三四五六七八九十', null],
    ['Car 2', null],
    ['😀😀😀😀😀😀😀😀😀😀', null], // ten characters, twenty UTF-16 units
    ['', null],
    ['一二三四五六七八九十一', '备注名最多10个字'],
    ['a\u0000b', '备注名不能包含特殊字符'],
    ['a\u202eb', '备注名不能包含特殊字符'],
  ])('nicknameProblem(%j) = %j', (name, problem) => expect(nicknameProblem(name)).toBe(problem));
});
