// The live half of the thread (docs/decisions/0034): an EventSource on the holder's stream. The
// browser reconnects a dropped stream by itself, resuming with Last-Event-ID, and the page reads the
// thread again at each failed attempt (the fallback that misses nothing, while streams break); when
// the stream is refused (its key expired) the page reloads the thread and opens a new stream after
// the newest message, waiting longer after each failure in a row. Closed when the page goes away.
import { useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_EVENT } from '@portal/contract/patterns/chat';
import type { ChatMessage } from '@portal/contract';
import { streamUrl } from '../api/chat';
import { reconnectDelayMs } from './chatThread';

export type LiveState = 'connecting' | 'live' | 'retrying';

export function useLiveThread(opts: {
  lastId: () => number;
  onMessage: (m: ChatMessage) => void;
  reload: () => Promise<unknown>;
}): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const latest = useRef(opts);
  latest.current = opts;

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    async function open() {
      let url: string;
      try {
        url = await streamUrl(latest.current.lastId());
      } catch {
        return retry();
      }
      if (stopped) return;
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        failures = 0;
        setState('live');
      };
      es.addEventListener(CHAT_MESSAGE_EVENT, (e) => {
        try {
          latest.current.onMessage(JSON.parse((e as MessageEvent<string>).data) as ChatMessage);
        } catch {
          // a frame that is not a message is not shown
        }
      });
      es.onerror = () => {
        // CLOSED: refused (the key expired), the browser gave up: a new stream after a wait
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          return retry();
        }
        // CONNECTING: the browser reconnects by itself (with Last-Event-ID) every few seconds, and
        // fails again while a proxy or the network breaks streams: each time, the thread is read
        // again, so replies still come while the stream does not
        setState('retrying');
        void latest.current.reload().catch(() => undefined);
      };
    }

    function retry() {
      if (stopped) return;
      source = null;
      setState('retrying');
      failures += 1;
      timer = setTimeout(() => {
        void latest.current
          .reload()
          .catch(() => undefined)
          .then(() => open());
      }, reconnectDelayMs(failures));
    }

    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, []);

  return state;
}
