// 在线咨询's calls (docs/decisions/0034): the thread, sending, read marks, and the stream key.
import type { ChatMessage, ChatSendRequest, ChatThread } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/chat';
import { pathOf } from '@portal/contract/route';
import { API_BASE, call } from '../../../lib/api';

export const chatKey = ['chat', 'thread'] as const;

/** The thread: loaded on open and again whenever the live stream broke (nothing is missed). */
export function useChatThread(enabled = true) {
  return useQuery({ queryKey: chatKey, queryFn: ({ signal }) => call(api.chatThread, undefined, { signal }), enabled });
}

/** A send shows its error beside the message (a 重发), not as a toast. */
export function sendMessage(body: ChatSendRequest): Promise<ChatMessage> {
  return call(api.chatSend, body, { form: true });
}

export function markRead(): Promise<ChatThread> {
  return call(api.chatRead, undefined, { silent: true });
}

/** Where an EventSource reads the holder's stream: a short-lived key, since it cannot send the token. */
export async function streamUrl(after: number): Promise<string> {
  const { key } = await call(api.chatStreamKey, undefined, { silent: true });
  return `${API_BASE}${pathOf(api.chatStream)}?key=${encodeURIComponent(key)}&after=${after}`;
}
