// 在线咨询's open event streams in this process (docs/decisions/0057): each tied to the
// session whose key opened it, a few per holder, a bounded number in all, counted for the metrics.
//   - A session's end ends its streams: a logout, a password or mobile change or a forced logout in
//     this process is heard at once (auth's onSessionsEnded) and the streams of that session or user
//     check their sessions then; a revocation in another process (the CLI, a second server, a card
//     password changed through the console) is caught by the re-check every config.chatStreams.recheckMs
//     — one query for all the streams' sessions, not one per stream.
//   - A holder's 4th stream closes their oldest rather than being refused: the newest is the page
//     the holder is looking at, while an old one may be a connection a phone left behind when it
//     changed networks, which the server learns is dead only minutes later — refusing would lock the
//     holder out of their own chat until then. Whoever opens 300 with one key holds 3.
//   - Past config.chatStreams.max in all, a new stream is refused (429): a bound on sockets and
//     timers the process carries, whoever asks.
import { Code } from '@portal/contract/codes';
import { AppError } from '../../lib/errors';
import type { EndedSessions } from '../auth';

/** Streams one holder (a user, or a card-number login's card) may hold open at once. */
export const STREAMS_PER_HOLDER = 3;

export interface OpenStream {
  sessionId: number;
  userId: number;
  /** the holder (ownerKeyOf): the per-holder bound counts these */
  holder: string;
  /** ends the stream (idempotent); the stream then calls the release that admit answered */
  end(): void;
}

export class ChatStreams {
  // insertion order: the oldest first
  private readonly open = new Set<OpenStream>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: { max: number; recheckMs: number },
    /** of these sessions, the ones still live */
    private readonly liveOf: (sessionIds: number[]) => Promise<Set<number>>,
    private readonly onError: (err: unknown) => void,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /**
   * Lets a stream in, closing the holder's oldest past STREAMS_PER_HOLDER; refuses (429) when the
   * process holds its most. Answers the release the stream calls when it ends.
   */
  admit(stream: OpenStream): () => void {
    const mine = [...this.open].filter((s) => s.holder === stream.holder);
    if (mine.length < STREAMS_PER_HOLDER && this.open.size >= this.limits.max)
      throw new AppError(Code.RATE_LIMITED, '在线咨询连接繁忙，请稍后再试');
    for (const old of mine.slice(0, mine.length - STREAMS_PER_HOLDER + 1)) this.drop(old);
    this.open.add(stream);
    this.timer ??= setInterval(() => void this.recheck(() => true), this.limits.recheckMs).unref();
    return () => this.release(stream);
  }

  /** Sessions ended in this process: the streams of that session or user check theirs now. */
  sessionsEnded(ended: EndedSessions): Promise<void> {
    return this.recheck((s) => s.sessionId === ended.sessionId || (ended.userId !== undefined && s.userId === ended.userId));
  }

  /** Ends every stream of `which` whose session no longer lives. */
  async recheck(which: (s: OpenStream) => boolean): Promise<void> {
    const streams = [...this.open].filter(which);
    if (streams.length === 0) return;
    try {
      const live = await this.liveOf([...new Set(streams.map((s) => s.sessionId))]);
      for (const s of streams) if (!live.has(s.sessionId)) this.drop(s);
    } catch (err) {
      // the database unreachable for a moment: the next round checks again
      this.onError(err);
    }
  }

  close(): void {
    for (const s of [...this.open]) this.drop(s);
    this.stopTimer();
  }

  private drop(s: OpenStream): void {
    this.release(s);
    s.end();
  }

  private release(s: OpenStream): void {
    this.open.delete(s);
    if (this.open.size === 0) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
