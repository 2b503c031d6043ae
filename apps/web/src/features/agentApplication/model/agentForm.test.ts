import { describe, expect, it } from 'vitest';
import { agentFormError, EMPTY_AGENT_FORM, type AgentFields } from './agentForm';

const good: AgentFields = {
  name: '王小明',
  mobile: '13900000001',
  code: '123456',
  province: '浙江省',
  city: '杭州市',
  channel: 'social',
  notes: '',
  agreed: true,
};

describe('agentFormError', () => {
  it.each([
    ['empty', EMPTY_AGENT_FORM, 'name'],
    ['latin name', { ...good, name: 'Tom' }, 'name'],
    ['bad mobile', { ...good, mobile: '1390000' }, 'mobile'],
    ['no code', { ...good, code: '' }, 'code'],
    ['no city', { ...good, city: '' }, 'region'],
    ['no channel', { ...good, channel: '' }, 'channel'],
    ['long notes', { ...good, notes: '字'.repeat(201) }, 'notes'],
    ['not agreed', { ...good, agreed: false }, 'agreed'],
  ] as const)('%s → %s', (_n, f, field) => expect(agentFormError(f as AgentFields)?.field).toBe(field));

  it('a good form passes', () => expect(agentFormError(good)).toBeNull());
});
