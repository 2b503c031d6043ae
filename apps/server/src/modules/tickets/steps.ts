// A step of a ticket's timeline written by support (the console's reply, 处理中, 已关闭): the step,
// and the holder's message about it in the message centre, in the caller's transaction
// (docs/decisions/0044-holder-account.md). A step the holder took (closing their own ticket) tells
// them nothing new, and 在线咨询's replies live in its own thread with its own unread mark.
import { TICKET_STATUS_LABEL, type TicketStatus } from '@portal/contract/patterns/tickets';
import type { Executor } from '../../db/executor';
import { postMessage } from '../messages';
import * as repo from './repo';

const TITLE: Partial<Record<TicketStatus, string>> = {
  replied: '客服回复了您的工单',
  in_progress: '您的工单正在处理',
  closed: '您的工单已关闭',
};

export async function addTicketStep(
  db: Executor,
  ticketId: number,
  e: { status: string; content: string; author: string; at: string },
): Promise<void> {
  const eventId = await repo.addTicketEvent(db, ticketId, e);
  if (!e.author) return;
  const t = await repo.ticketById(db, ticketId);
  if (!t || t.category === 'chat') return;
  const status = e.status as TicketStatus;
  await postMessage(db, t.owner_user_id !== 0 ? { userId: t.owner_user_id, customNum: '' } : { userId: 0, customNum: t.owner_custom_num }, {
    kind: 'ticket',
    source: `ticket_event:${eventId}`,
    title: TITLE[status] ?? `工单${TICKET_STATUS_LABEL[status] ?? '有新进展'}`,
    body: e.content || `工单 ${t.ticket_no} ${TICKET_STATUS_LABEL[status] ?? ''}`,
    custom_num: t.custom_num,
    link: `/suggest?ticket_no=${t.ticket_no}`,
    created_at: e.at,
  });
}
