import type { Envelope } from '@portal/contract';

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, message: 'ok', data };
}
