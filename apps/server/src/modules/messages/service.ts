// The message centre (我的 → 消息中心): what the portal told a holder, newest first, read or not.
// Messages are written when their event happens — an alert's notice, support's reply to a ticket —
// by the module where it happens, through postMessage (docs/decisions/0044-holder-account.md).
import { Code } from '@portal/contract/codes';
import type { MessageReadRequest, MessagesAnswer } from '@portal/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import * as repo from './repo';

const PAGE = 30;

/** A user's messages are the user's; a card-number login's are its card's (as its tickets are). */
export function ownerOfSession(auth: Pick<Auth, 'userId' | 'customNum'>): repo.Owner {
  return auth.userId !== 0 ? { userId: auth.userId, customNum: '' } : { userId: 0, customNum: auth.customNum };
}

/** Keeps a message for its owner, once per source (in the caller's transaction when it passes one). */
export async function postMessage(db: Executor, owner: repo.Owner, m: repo.NewMessage): Promise<void> {
  await repo.insertMessageOnce(db, owner, m);
}

export async function listMessages(ctx: AppContext, auth: Auth, before: number | undefined): Promise<MessagesAnswer> {
  const owner = ownerOfSession(auth);
  const rows = await repo.messagesOf(ctx.db.kysely, owner, before, PAGE + 1);
  return {
    list: rows.slice(0, PAGE).map((r) => ({
      id: r.id,
      kind: r.kind === 'ticket' ? 'ticket' : 'alert',
      title: r.title,
      body: r.body,
      custom_num: r.custom_num,
      link: r.link,
      read: r.read_at !== null,
      created_at: r.created_at,
    })),
    unread: await repo.unreadCount(ctx.db.kysely, owner),
    more: rows.length > PAGE,
  };
}

export async function unread(ctx: AppContext, auth: Auth): Promise<{ unread: number }> {
  return { unread: await repo.unreadCount(ctx.db.kysely, ownerOfSession(auth)) };
}

export async function markRead(ctx: AppContext, auth: Auth, body: MessageReadRequest): Promise<{ unread: number }> {
  const owner = ownerOfSession(auth);
  if ('id' in body && !(await repo.messageOf(ctx.db.kysely, owner, body.id))) throw new AppError(Code.NOT_FOUND, '该消息不存在');
  await repo.markRead(ctx.db.kysely, owner, 'id' in body ? body.id : 'all', clock.iso());
  return unread(ctx, auth);
}
