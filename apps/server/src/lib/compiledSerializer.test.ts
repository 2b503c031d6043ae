import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer, nullableAsTypeList } from './compiledSerializer';

const Answer = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    balance: z.number(),
    name: z.string(),
    flag: z.boolean(),
    valid_until: z.string().nullable(),
    rights: z.object({ level: z.number().int(), perks: z.array(z.string()) }).nullable(),
    networks: z.array(z.object({ carrier: z.number().int(), active: z.boolean() })),
  }),
});
const zodWrite = serializerCompiler({ schema: Answer, method: 'GET', url: '/x', httpStatus: '200' }) as (d: unknown) => string;
const compiledWrite = compiledSerializer({ schema: Answer });

describe('compiledSerializer', () => {
  const rows: [string, object][] = [
    ['nulls', { id: 1, balance: 20.5, name: '卡 "一"\n', flag: false, valid_until: null, rights: null, networks: [] }],
    [
      'every field set',
      {
        id: 2,
        balance: 0,
        name: '',
        flag: true,
        valid_until: '2027-01-31',
        rights: { level: 2, perks: ['95折'] },
        networks: [{ carrier: 1, active: true }],
      },
    ],
  ];
  it.each(rows)('writes what the zod serializer writes: %s', (_, data) => {
    const answer = { code: 0, message: 'ok', data };
    expect(JSON.parse(compiledWrite(answer))).toEqual(JSON.parse(zodWrite(answer)));
  });

  it('never writes a field the schema does not declare, at any depth', () => {
    const data = { ...(rows[1]![1] as object), password_hash: 'scrypt$…', rights: { level: 2, perks: ['95折'], secret: 'x' } };
    const out = compiledWrite({ code: 0, message: 'ok', data });
    expect(out).not.toContain('password_hash');
    expect(out).not.toContain('secret');
    expect(JSON.parse(out)).toEqual(JSON.parse(zodWrite({ code: 0, message: 'ok', data: rows[1]![1] })));
  });

  it('turns zod’s nullable (anyOf with null) into a type list, at any depth', () => {
    const s = z.toJSONSchema(Answer, { target: 'draft-7', io: 'output' });
    expect(JSON.stringify(s)).toContain('anyOf');
    const out = JSON.stringify(nullableAsTypeList(s));
    expect(out).not.toContain('anyOf');
    expect(out).toContain('"type":["string","null"]');
    expect(out).toContain('"type":["object","null"]');
  });

  it('writes the error envelope (data null) of the same route', () => {
    const write = compiledSerializer({ schema: z.object({ code: z.number().int(), message: z.string(), data: z.null() }) });
    expect(JSON.parse(write({ code: 400, message: '请输入卡号', data: null }))).toEqual({ code: 400, message: '请输入卡号', data: null });
  });
});
