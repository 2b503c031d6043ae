import { describe, expect, it } from 'vitest';
import { ticketFormError, type TicketFields } from './ticketForm';

const good: TicketFields = { category: 'billing', orderNo: '', description: '余额少了很多', contact: '13800138000' };

describe('ticketFormError', () => {
  it.each([
    ['no category', { ...good, category: '' }, false, 'category'],
    ['short description', { ...good, description: '差评' }, false, 'description'],
    ['long description', { ...good, description: '字'.repeat(501) }, false, 'description'],
    ['images still uploading', good, true, 'images'],
    ['bad contact', { ...good, contact: '123' }, false, 'contact'],
  ] as const)('%s → %s', (_n, f, uploading, field) => expect(ticketFormError(f as TicketFields, uploading)?.field).toBe(field));

  it('a good form passes', () => expect(ticketFormError(good, false)).toBeNull());
});
