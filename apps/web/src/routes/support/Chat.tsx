// /chat — 在线咨询 built on the ticket system (docs/decisions/0034): the holder's conversation with
// the agent's support as a messaging thread (theirs right, support's left, times between, image
// messages with a full-screen view), new replies live over server-sent events, the send box pinned
// above the keyboard. No floating 客服 button here: it would lead to this page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatMessage, ChatThread } from '@portal/contract';
import { CHAT_MAX_TEXT } from '@portal/contract/patterns/chat';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { useBrand } from '../../features/branding/model/brandingStore';
import { chatKey, markRead, sendMessage, useChatThread } from '../../features/tickets/api/chat';
import { ChatImage } from '../../features/tickets/components/ChatImage';
import { chatTimeLabel, firstUnreadId, lastIdOf, mergeMessages, newClientId, timeLabelled } from '../../features/tickets/model/chatThread';
import { useVisibleHeight } from '../../features/tickets/model/useVisibleHeight';
import { useLiveThread } from '../../features/tickets/model/useLiveThread';
import { uploadTicketImage } from '../../features/tickets/api/uploadTicketImage';
import { ApiError } from '../../lib/api';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import styles from '../../features/tickets/components/Chat.module.css';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A message of the page's own on its way (or failed, with 重发). */
interface Pending {
  clientId: string;
  text: string;
  file?: File;
  preview?: string;
  imageId?: string;
  error?: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function Bubble({ m }: { m: ChatMessage }) {
  const mine = m.from === 'holder';
  return (
    <div className={mine ? styles.rowMine : styles.rowTheirs} data-from={m.from} data-message-id={m.id}>
      {!mine && (
        <span className={styles.avatar} aria-hidden="true">
          客服
        </span>
      )}
      <div className={styles.stack}>
        {!mine && m.author && <span className={styles.author}>{m.author}</span>}
        <div className={styles.line}>
          {mine && <span className={styles.readMark}>{m.read ? '已读' : '未读'}</span>}
          <div className={m.image ? styles.imageBubble : mine ? styles.bubbleMine : styles.bubbleTheirs}>
            {m.image ? <ChatImage url={m.image.url} /> : m.text}
          </div>
        </div>
      </div>
    </div>
  );
}

function PendingBubble({ p, onRetry }: { p: Pending; onRetry: () => void }) {
  return (
    <div className={styles.rowMine} data-pending="true">
      <div className={styles.stack}>
        <div className={styles.line}>
          {p.error ? (
            <button type="button" className={styles.retry} onClick={onRetry} aria-label={`发送失败：${p.error}，点按重发`}>
              !
            </button>
          ) : (
            <span className={styles.readMark}>发送中…</span>
          )}
          <div className={p.preview ? styles.imageBubble : styles.bubbleMine}>
            {p.preview ? <img className={styles.image} src={p.preview} alt="待发送的图片" /> : p.text}
          </div>
        </div>
        {p.error && <span className={styles.sendError}>{p.error}</span>}
      </div>
    </div>
  );
}

function ChatPage() {
  const brand = useBrand();
  const customNum = useStored('customNum');
  const q = useChatThread();
  const qc = useQueryClient();
  const [pending, setPending] = useState<Pending[]>([]);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState('');
  const listRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const sending = useRef(new Set<string>());
  const height = useVisibleHeight();
  const messages = q.data?.messages ?? [];
  // the 以下为新消息 line stays where it was when the page opened, though the page marks them read
  const [unreadFrom, setUnreadFrom] = useState<number | null | undefined>(undefined);
  if (q.data && unreadFrom === undefined) setUnreadFrom(firstUnreadId(q.data.messages));

  const merge = (more: ChatMessage[]) =>
    qc.setQueryData<ChatThread>(chatKey, (t) => (t ? { ...t, messages: mergeMessages(t.messages, more) } : t));

  const live = useLiveThread({
    lastId: () => lastIdOf(qc.getQueryData<ChatThread>(chatKey)?.messages ?? []),
    onMessage: (m) => {
      merge([m]);
      // the first message opened the conversation: its number and status come with the thread
      if (!qc.getQueryData<ChatThread>(chatKey)?.conversation) void qc.invalidateQueries({ queryKey: chatKey });
    },
    reload: () => qc.invalidateQueries({ queryKey: chatKey }),
  });

  // support's messages are read once the holder has the page in front of them
  const unread = messages.filter((m) => m.from === 'support' && !m.read).length;
  useEffect(() => {
    if (unread === 0 || document.visibilityState !== 'visible') return;
    void markRead()
      .then((t) => qc.setQueryData(chatKey, t))
      .catch(() => undefined);
  }, [unread, qc]);

  // keep the newest message in view (as a messaging app does) when it comes or the keyboard opens
  const count = messages.length + pending.length;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, height]);

  async function deliver(p: Pending) {
    if (!customNum || sending.current.has(p.clientId)) return;
    sending.current.add(p.clientId);
    setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, error: undefined } : x)));
    try {
      let imageId = p.imageId;
      if (p.file && !imageId) {
        imageId = (await uploadTicketImage(p.file)).id;
        setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, imageId } : x)));
      }
      const m = await sendMessage({
        custom_num: customNum,
        client_id: p.clientId,
        text: p.text,
        ...(imageId ? { image_id: imageId } : {}),
      });
      merge([m]);
      setPending((list) => list.filter((x) => x.clientId !== p.clientId));
      if (!qc.getQueryData<ChatThread>(chatKey)?.conversation) void qc.invalidateQueries({ queryKey: chatKey });
    } catch (err) {
      const error = err instanceof ApiError ? err.message : '发送失败，请检查网络后重发';
      setPending((list) => list.map((x) => (x.clientId === p.clientId ? { ...x, error } : x)));
    } finally {
      sending.current.delete(p.clientId);
    }
  }

  function submit(e?: FormEvent) {
    e?.preventDefault();
    const body = text.trim();
    if (!body) return setNotice('请输入消息内容');
    if ([...body].length > CHAT_MAX_TEXT) return setNotice(`每条消息最多 ${CHAT_MAX_TEXT} 个字`);
    setNotice('');
    setText('');
    const p: Pending = { clientId: newClientId(), text: body };
    setPending((list) => [...list, p]);
    void deliver(p);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends (as messaging apps do on a computer); Shift+Enter and an IME's Enter make a new line
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  async function pickImage(files: FileList | null) {
    const file = files?.[0];
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setNotice('只能发送 JPG、PNG、WEBP 或 GIF 图片');
    if (file.size > MAX_IMAGE_BYTES) return setNotice('图片不能超过 5MB');
    setNotice('');
    const p: Pending = { clientId: newClientId(), text: '', file, preview: await readAsDataUrl(file).catch(() => '') };
    setPending((list) => [...list, p]);
    void deliver(p);
  }

  const labelled = timeLabelled(messages);
  const now = new Date();
  const conversation = q.data?.conversation;
  return (
    <div className={styles.page} style={height ? { height } : undefined}>
      <PageHeader title="在线咨询" fallback="/customer" />
      {live === 'retrying' && (
        <p className={styles.banner} role="status">
          实时连接已断开，正在重新连接…
        </p>
      )}
      <div className={styles.list} ref={listRef} aria-label="对话" role="log" aria-live="polite">
        {q.isPending ? (
          <PageLoading />
        ) : q.isError ? (
          <StateBlock
            kind="error"
            text="对话加载失败，请检查网络"
            action={
              <button type="button" className="app-btn app-btn--ghost" onClick={() => void q.refetch()}>
                重新加载
              </button>
            }
          />
        ) : (
          <>
            <p className={styles.system}>
              您好，欢迎咨询{brand.appName}。请描述您遇到的问题，客服会尽快回复
              {brand.serviceHours ? `（服务时间 ${brand.serviceHours}）` : ''}。
            </p>
            {conversation && conversation.status === 'closed' && <p className={styles.system}>本次咨询已结束，再发消息将开始新的咨询</p>}
            {messages.map((m) => (
              <div key={m.id}>
                {m.id === unreadFrom && <p className={styles.unreadLine}>以下为新消息</p>}
                {labelled.has(m.id) && <p className={styles.time}>{chatTimeLabel(m.at, now)}</p>}
                <Bubble m={m} />
              </div>
            ))}
            {pending.map((p) => (
              <PendingBubble key={p.clientId} p={p} onRetry={() => void deliver(p)} />
            ))}
          </>
        )}
      </div>
      {customNum ? (
        <form className={styles.composer} onSubmit={submit}>
          {notice && (
            <p className={styles.notice} role="alert">
              {notice}
            </p>
          )}
          <div className={styles.composerRow}>
            <button type="button" className={styles.imagePick} onClick={() => fileRef.current?.click()} aria-label="发送图片">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <circle cx="9" cy="10" r="1.6" />
                <path d="M4 17l5-5 4 4 3-3 4 4" />
              </svg>
            </button>
            <input ref={fileRef} type="file" accept={IMAGE_TYPES.join(',')} hidden onChange={(e) => void pickImage(e.target.files)} />
            <textarea
              className={styles.input}
              rows={1}
              value={text}
              maxLength={CHAT_MAX_TEXT * 2}
              placeholder="请输入您的问题"
              aria-label="消息内容"
              enterKeyHint="send"
              onChange={(e) => {
                setText(e.target.value);
                if (notice) setNotice('');
              }}
              onKeyDown={onKeyDown}
            />
            <button type="submit" className={styles.send} disabled={!text.trim()}>
              发送
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.composer}>
          <p className={styles.noCard}>
            请先<Link to="/bind_card">绑定</Link>或<Link to="/card_list">选择一张卡</Link>，再开始咨询
          </p>
        </div>
      )}
    </div>
  );
}

export default withQuery(ChatPage);
