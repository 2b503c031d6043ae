// The /suggest form's own checks, before anything is sent (the server checks again).
import { MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import type { TicketCategory } from '@portal/contract/patterns/tickets';

export type TicketField = 'category' | 'description' | 'contact' | 'images';

export interface TicketFields {
  category: TicketCategory | '';
  orderNo: string;
  description: string;
  contact: string;
}

export function ticketFormError(f: TicketFields, uploading: boolean): { field: TicketField; message: string } | null {
  if (!f.category) return { field: 'category', message: '请选择问题类型' };
  const d = f.description.trim();
  if ([...d].length < 5) return { field: 'description', message: '问题描述至少 5 个字' };
  if ([...d].length > 500) return { field: 'description', message: '问题描述最多 500 个字' };
  if (uploading) return { field: 'images', message: '图片上传中，请稍候' };
  if (!PATTERN.mobile.test(f.contact.trim())) return { field: 'contact', message: MESSAGE.mobile };
  return null;
}
