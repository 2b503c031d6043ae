// Live delivery of 在线咨询's messages to open streams (docs/decisions/0034).
//
// Each process polls the table for messages after the last id it has seen — one query for all of
// its streams, and only while it holds any — and hands each message to the streams of the
// conversation's owner. A message written in this process also pokes the poll at once, so on one
// process a reply arrives without waiting for the next tick; across processes (several servers on
// one PostgreSQL, or on one SQLite file) it arrives within one interval, whichever process wrote it.
// Polling over LISTEN/NOTIFY: it works the same on both databases, needs no connection held per
// process, and misses nothing when a connection drops — the next poll reads from the last id.
import type { Executor } from '../../db/executor';
import * as chatRepo from './chatRepo';
import { ownerKeyOf } from './chatRules';

export interface Subscriber {
  deliver(m: chatRepo.OwnedMessageRow): void;
  /** the process is closing: end the stream (the client reconnects elsewhere) */
  end(): void;
}

const BATCH = 200;
/**
 * PostgreSQL hands out serial ids at insert but makes them visible at commit: a message may commit
 * after a higher id was already read. Each poll re-reads this many ids below the last one and
 * delivers only the ids it has not delivered yet.
 */
const LOOK_BACK = 50;

export class ChatHub {
  private readonly subs = new Map<string, Set<Subscriber>>();
  private lastId = -1;
  /** the table's end when the first stream came: older messages are backlog, not news */
  private startId = -1;
  private readonly delivered = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Executor,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts delivering the owner's new messages; resolves once the poller knows where it starts. */
  async subscribe(owner: { userId: number; customNum: string }, s: Subscriber): Promise<() => void> {
    const key = ownerKeyOf(owner);
    let set = this.subs.get(key);
    if (!set) this.subs.set(key, (set = new Set()));
    set.add(s);
    if (this.lastId < 0) this.lastId = this.startId = await chatRepo.lastMessageId(this.db);
    this.timer ??= setInterval(() => this.poke(), this.intervalMs);
    return () => {
      set.delete(s);
      if (set.size === 0) this.subs.delete(key);
      if (this.subs.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
        // idle: the next subscriber starts from the table's end again
        this.lastId = this.startId = -1;
        this.delivered.clear();
      }
    };
  }

  /** Polls now (a message was just written here); a poll in flight runs once more after it. */
  poke(): void {
    if (this.closed || this.subs.size === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.poll()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  private async poll(): Promise<void> {
    if (this.lastId < 0) return;
    // ids up to the start are the streams' backlog (each reads its own); later ones are delivered once
    const from = Math.max(this.startId, this.lastId - LOOK_BACK);
    const rows = await chatRepo.messagesAfter(this.db, from, BATCH);
    for (const m of rows) {
      if (this.delivered.has(m.id)) continue;
      this.delivered.add(m.id);
      for (const s of this.subs.get(ownerKeyOf({ userId: m.owner_user_id, customNum: m.owner_custom_num })) ?? []) s.deliver(m);
    }
    const top = rows.length ? rows[rows.length - 1]!.id : this.lastId;
    if (top > this.lastId) this.lastId = top;
    for (const id of this.delivered) if (id <= this.lastId - LOOK_BACK) this.delivered.delete(id);
    if (rows.length === BATCH) this.again = true;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.subs.values()) for (const s of set) s.end();
    this.subs.clear();
  }
}
