import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_ENDPOINTS } from './admin';
import { ENDPOINTS } from './endpoints';
import { FIELD, plainError } from './plainErrors';

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

/** Every key of an object anywhere inside a request schema (through optional, arrays, unions, pipes…). */
function fieldsOf(schema: unknown, into: Set<string>, seen = new Set<unknown>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return into;
  seen.add(schema);
  const walk = (s: unknown) => fieldsOf(s, into, seen);
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        into.add(key);
        walk(field);
      }
      break;
    case 'array':
      walk(def.element);
      break;
    case 'union':
      (def.options as unknown[]).forEach(walk);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach(walk);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
    default:
      walk(def.innerType);
  }
  return into;
}

describe('every field a portal or console request declares has words', () => {
  const declared = [...Object.values(ENDPOINTS), ...Object.values(ADMIN_ENDPOINTS)] as {
    query?: unknown;
    body?: unknown;
    params?: unknown;
  }[];
  const fields = new Set<string>();
  for (const e of declared) for (const schema of [e.query, e.body, e.params]) fieldsOf(schema, fields);

  it('finds the fields of both registries', () => {
    // a walk that found nothing would pass the next test vacuously
    for (const known of ['custom_num', 'ssid', 'username', 'holding_days', 'base_url']) expect(fields).toContain(known);
  });

  it('so a schema error names the field, never "提交的内容" alone', () => {
    const unnamed = [...fields].filter((f) => !Object.hasOwn(FIELD, f)).sort();
    expect(unnamed, 'add words for these fields to FIELD in plainErrors.ts').toEqual([]);
  });

  it('an entry of a record is named by its record', () => {
    const s = z.object({ fields: z.record(z.string(), z.string()) });
    expect(first(s, { fields: { app_id: 5 } })).toBe('接入参数格式不正确，请重新填写');
  });
});
