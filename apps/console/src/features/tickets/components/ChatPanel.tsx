// A 在线咨询 conversation in the ticket drawer (docs/decisions/0034): the thread as the operator sees
// it — the holder's messages on the left, support's on the right, each with its time, images
// opening large — and the reply box. The holder's unread messages are marked read when it opens.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Image, Input, Space, Typography } from 'antd';
import { CHAT_MAX_TEXT } from '@portal/contract/patterns/chat';
import { messageOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/queryKeys';
import { useQueryClient } from '@tanstack/react-query';
import { markChatRead, useChat, useChatReply, type ChatLine } from '../api/chat';

function Line({ m }: { m: ChatLine }) {
  const support = m.from === 'support';
  return (
    <div data-from={m.from} style={{ display: 'flex', justifyContent: support ? 'flex-end' : 'flex-start', margin: '10px 0' }}>
      <div style={{ maxWidth: '75%', display: 'flex', flexDirection: 'column', alignItems: support ? 'flex-end' : 'flex-start' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {support ? m.author || '客服' : '用户'} · {chinaTime(m.at)}
          {support ? (m.read ? ' · 用户已读' : ' · 用户未读') : null}
        </Typography.Text>
        {m.image ? (
          <Image
            width={160}
            src={m.image.url}
            alt="用户发送的图片"
            style={{ borderRadius: 6, border: '1px solid #f0f0f0', objectFit: 'cover', maxHeight: 220 }}
          />
        ) : (
          <div
            style={{
              marginTop: 2,
              padding: '8px 12px',
              borderRadius: 8,
              background: support ? '#1677ff' : '#f5f5f5',
              color: support ? '#fff' : 'rgba(0,0,0,0.88)',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {m.text}
          </div>
        )}
      </div>
    </div>
  );
}

export function ChatPanel({ id, closed }: { id: number; closed: boolean }) {
  const q = useChat(id);
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [pendingId, setPendingId] = useState<string | undefined>();
  const listRef = useRef<HTMLDivElement>(null);
  const reply = useChatReply(id, () => {
    setText('');
    setPendingId(undefined);
  });
  const messages = q.data?.messages ?? [];
  const unread = messages.filter((m) => m.from === 'holder' && !m.read).length;

  useEffect(() => {
    if (unread === 0) return;
    void markChatRead(id)
      .then((t) => {
        qc.setQueryData(queryKeys.tickets.chat(id), t);
        void qc.invalidateQueries({ queryKey: queryKeys.tickets.all });
      })
      .catch(() => undefined);
  }, [unread, id, qc]);

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  function send() {
    const body = text.trim();
    if (!body || reply.isPending) return;
    // a retry of a failed send keeps its id: stored once if the first one did arrive
    const cid = pendingId ?? `op${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    setPendingId(cid);
    reply.mutate({ text: body, clientId: cid });
  }

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        对话（{messages.length} 条）
      </Typography.Title>
      <Image.PreviewGroup>
        <div
          ref={listRef}
          data-testid="chat-thread"
          style={{ height: 380, overflowY: 'auto', padding: '4px 12px', border: '1px solid #f0f0f0', borderRadius: 8, background: '#fff' }}
        >
          {q.isPending ? <Typography.Text type="secondary">加载中…</Typography.Text> : null}
          {messages.map((m) => (
            <Line key={m.id} m={m} />
          ))}
        </div>
      </Image.PreviewGroup>
      {reply.error ? <Alert type="error" showIcon title={messageOf(reply.error)} /> : null}
      {closed ? (
        <Alert type="info" showIcon title="该咨询已结束；用户再次发消息会开启新的咨询" />
      ) : (
        <>
          <Input.TextArea
            aria-label="回复内容"
            rows={3}
            value={text}
            maxLength={CHAT_MAX_TEXT}
            showCount
            placeholder="输入回复，Enter 发送，Shift+Enter 换行"
            onChange={(e) => {
              setText(e.target.value);
              setPendingId(undefined);
            }}
            onPressEnter={(e) => {
              if (e.shiftKey || e.nativeEvent.isComposing) return;
              e.preventDefault();
              send();
            }}
          />
          <Button type="primary" onClick={send} loading={reply.isPending} disabled={!text.trim()}>
            发送
          </Button>
        </>
      )}
    </Space>
  );
}
