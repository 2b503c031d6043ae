import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { peerIsTrustedProxy, requestIdGenerator } from './requestId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('peerIsTrustedProxy', () => {
  it.each([
    [false, '127.0.0.1', false],
    [1, '203.0.113.9', true],
    [['127.0.0.1'], '127.0.0.1', true],
    [['127.0.0.1'], '::ffff:127.0.0.1', true],
    [['127.0.0.1'], '127.0.0.2', false],
    [['10.0.0.0/8'], '10.20.30.40', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['fd00::/8'], 'fd12::1', true],
    [['fd00::/8'], '2001:db8::1', false],
    [['127.0.0.1'], undefined, false],
  ] as const)('TRUST_PROXY %j, peer %s → %s', (tp, peer, trusted) => {
    expect(peerIsTrustedProxy(tp as never)(peer)).toBe(trusted);
  });
});

describe('requestIdGenerator', () => {
  const req = (peer: string, id?: string) =>
    ({ headers: id ? { 'x-request-id': id } : {}, socket: { remoteAddress: peer } }) as unknown as IncomingMessage;

  it('a fresh UUID each time when nothing is given', () => {
    const gen = requestIdGenerator(false);
    const a = gen(req('127.0.0.1'));
    expect(a).toMatch(UUID);
    expect(gen(req('127.0.0.1'))).not.toBe(a);
  });

  it('the proxy’s id only from the trusted proxy and well-formed', () => {
    const gen = requestIdGenerator(['10.0.0.1']);
    expect(gen(req('10.0.0.1', 'req-0123456789abcdef'))).toBe('req-0123456789abcdef');
    expect(gen(req('10.0.0.2', 'req-0123456789abcdef'))).toMatch(UUID);
    expect(gen(req('10.0.0.1', 'bad id'))).toMatch(UUID);
  });
});
