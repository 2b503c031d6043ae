import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage';
import { dropDraft, LOGIN_DRAFT_KEY, readDraft, saveDraft, type LoginDraft } from './loginDraft';
import { EMPTY_LOGIN_FIELDS } from './loginForm';

const NOW = 1_800_000_000_000;
const typed: LoginDraft = {
  model: 'mobile',
  fields: { ...EMPTY_LOGIN_FIELDS, mobile: '13800138000', code: '123456', password: 'secret', cardPassword: '654321' },
  agreed: true,
  resendAt: NOW + 42_000,
};
const withoutPasswords = (d: LoginDraft): LoginDraft => ({ ...d, fields: { ...d.fields, password: '', cardPassword: '' } });

const tab = memoryStorage();
const g = globalThis as { sessionStorage?: Storage };
const before = g.sessionStorage;
g.sessionStorage = tab;
afterAll(() => {
  g.sessionStorage = before;
});
beforeEach(() => tab.clear());

describe('the login draft', () => {
  it('comes back as it was typed, with the resend wait where it was', () => {
    saveDraft(typed, 'demo', NOW);
    expect(readDraft('demo', NOW + 10_000)).toEqual(withoutPasswords(typed));
  });

  it('never keeps a password', () => {
    saveDraft({ ...typed, model: 'customNum', fields: { ...typed.fields, customNum: '1000000001' } }, 'demo', NOW);
    const raw = tab.getItem(LOGIN_DRAFT_KEY)!;
    expect(raw).not.toContain('secret');
    expect(raw).not.toContain('654321');
    expect(readDraft('demo', NOW)?.fields).toEqual({
      ...EMPTY_LOGIN_FIELDS,
      mobile: '13800138000',
      code: '123456',
      customNum: '1000000001',
    });
  });

  it('keeps nothing when nothing was typed, ticked or sent (a password alone is not kept)', () => {
    saveDraft(typed, 'demo', NOW);
    saveDraft({ model: 'account', fields: { ...EMPTY_LOGIN_FIELDS, password: 'x' }, agreed: false, resendAt: 0 }, 'demo', NOW);
    expect(tab.getItem(LOGIN_DRAFT_KEY)).toBeNull();
    // a wait that has run out is nothing either
    saveDraft({ model: 'mobile', fields: EMPTY_LOGIN_FIELDS, agreed: false, resendAt: NOW - 1 }, 'demo', NOW);
    expect(tab.getItem(LOGIN_DRAFT_KEY)).toBeNull();
  });

  it('drops a resend wait that ran out while the holder was away, keeping the rest', () => {
    saveDraft(typed, 'demo', NOW);
    const back = readDraft('demo', NOW + 42_000);
    expect(back?.resendAt).toBe(0);
    expect(back?.fields.code).toBe('123456');
  });

  it('is gone after the login', () => {
    saveDraft(typed, 'demo', NOW);
    dropDraft();
    expect(readDraft('demo', NOW)).toBeUndefined();
  });

  it.each([
    ['another agent’s draft', () => saveDraft(typed, 'acme', NOW)],
    ['nothing stored', () => undefined],
    ['not JSON', () => tab.setItem(LOGIN_DRAFT_KEY, '{oops')],
    ['not ours', () => tab.setItem(LOGIN_DRAFT_KEY, '"13800138000"')],
  ])('%s: no draft', (_n, store) => {
    store();
    expect(readDraft('demo', NOW)).toBeUndefined();
  });

  it('reads a value of the wrong type as empty', () => {
    tab.setItem(LOGIN_DRAFT_KEY, JSON.stringify({ mark: 'demo', model: 'mobile', mobile: 138, agreed: 'yes', resendAt: 'soon' }));
    expect(readDraft('demo', NOW)).toEqual({ model: 'mobile', fields: EMPTY_LOGIN_FIELDS, agreed: false, resendAt: 0 });
  });

  it('without storage (the markup rendered at build time): no draft, nothing thrown', () => {
    g.sessionStorage = undefined;
    try {
      expect(readDraft('demo', NOW)).toBeUndefined();
      expect(() => saveDraft(typed, 'demo', NOW)).not.toThrow();
      expect(() => dropDraft()).not.toThrow();
    } finally {
      g.sessionStorage = tab;
    }
  });
});
