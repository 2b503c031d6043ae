import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainError } from './plainErrors';

const first = (schema: z.ZodType, input: unknown) => schema.safeParse(input, { error: plainError }).error!.issues[0]!.message;

describe('schema errors without a message of their own, in words', () => {
  const s = z.object({
    custom_num: z.string(),
    quantity: z.number().int().min(1).max(9),
    pay_channel: z.enum(['1', '2']),
    zzz: z.string(),
  });
  it.each([
    ['a missing field asks for it', { quantity: 1, pay_channel: '1', zzz: '' }, '请填写卡号'],
    ['a wrong type says to fill it in again', { custom_num: 5, quantity: 1, pay_channel: '1', zzz: '' }, '卡号格式不正确，请重新填写'],
    ['out of range', { custom_num: '1', quantity: 10, pay_channel: '1', zzz: '' }, '数量超出允许的范围，请重新填写'],
    ['not one of the choices', { custom_num: '1', quantity: 1, pay_channel: '3', zzz: '' }, '请选择有效的支付方式'],
    ['a field we have no word for', { custom_num: '1', quantity: 1, pay_channel: '1', zzz: 1 }, '提交的内容有误，请返回上一步重新填写'],
  ])('%s', (_case, input, message) => expect(first(s, input)).toBe(message));

  it("a schema's own message wins", () => {
    expect(z.string({ error: '请输入卡号' }).safeParse(undefined, { error: plainError }).error!.issues[0]!.message).toBe('请输入卡号');
  });
});
