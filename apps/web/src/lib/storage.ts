// Typed local storage for the values the app keeps between visits.
// Every key has a codec, so callers get typed values back and a corrupt or foreign value reads
// as "absent" instead of crashing a page.
import type { CardInfoCore, LoginModel } from '@portal/contract';
import { LOGIN_MODELS } from '@portal/contract/login';

export interface Codec<T> {
  parse(raw: string): T | undefined;
  serialize(value: T): string;
}

const text: Codec<string> = { parse: (raw) => raw, serialize: (v) => v };
const flag: Codec<boolean> = {
  parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined),
  serialize: (v) => (v ? '1' : '0'),
};
function json<T>(): Codec<T> {
  return {
    parse: (raw) => {
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    serialize: (v) => JSON.stringify(v),
  };
}
const loginModel: Codec<LoginModel> = {
  parse: (raw) => ((LOGIN_MODELS as readonly string[]).includes(raw) ? (raw as LoginModel) : undefined),
  serialize: (v) => v,
};

/** The values the app keeps between visits (docs/spec/portal-spec.md §3 lists what the original
 *  product stored; only what this app reads is kept). */
export const LOCAL_CODECS = {
  mobile: text,
  token: text,
  /** the current card number (custom_num) */
  customNum: text,
  /** running inside a messaging app's browser (payment channels differ there) */
  inMessagingApp: flag,
  cardInfo: json<CardInfoCore>(),
  /** logged in by card number: user_id 0, not a real user (docs/spec/portal-spec.md §4, wifi-device rules) */
  cardLogin: flag,
  isApp: flag,
  reloadHome: flag,
  /** a request timed out; removed again by the next successful response */
  timeout: flag,
  loginModel,
  /** the agent mark that selects the branding */
  mark: text,
  /** docs/spec/decisions.md: in-app browsers on iOS sign JS-SDK calls against the landing URL, and a
   *  forced re-login with no redirect returns here. */
  firstUrl: text,
  /** the key of the agent application filed from this browser (/agent shows its state without a login) */
  agentApplicationKey: text,
} satisfies Record<string, Codec<unknown>>;

type ValueOf<C> = C extends Codec<infer T> ? T : never;
export type StoredValues<S> = { [K in keyof S]: ValueOf<S[K]> };

export interface TypedStorage<S extends Record<string, Codec<unknown>>> {
  get<K extends keyof S & string>(key: K): StoredValues<S>[K] | undefined;
  set<K extends keyof S & string>(key: K, value: StoredValues<S>[K] | undefined | null): void;
  remove(...keys: (keyof S & string)[]): void;
  /** Clears the whole backing storage, then puts back the named keys. */
  clearAllExcept(...keep: (keyof S & string)[]): void;
  subscribe(listener: () => void): () => void;
  /** A number that changes on every write: lets React read storage through useSyncExternalStore. */
  version(): number;
}

export const KEY_PREFIX = 'sim_';

export function createTypedStorage<S extends Record<string, Codec<unknown>>>(
  backend: Storage,
  codecs: S,
  prefix: string = KEY_PREFIX,
): TypedStorage<S> {
  const listeners = new Set<() => void>();
  let writes = 0;
  const changed = () => {
    writes++;
    listeners.forEach((l) => l());
  };
  const read = <K extends keyof S & string>(key: K): StoredValues<S>[K] | undefined => {
    let raw: string | null;
    try {
      raw = backend.getItem(prefix + key);
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    return codecs[key].parse(raw) as StoredValues<S>[K] | undefined;
  };
  const write = (key: string, value: unknown) => {
    try {
      if (value === undefined || value === null) backend.removeItem(prefix + key);
      else backend.setItem(prefix + key, (codecs[key] as Codec<unknown>).serialize(value));
    } catch {
      // Quota exceeded or storage disabled (private mode): the app keeps working without it.
    }
  };
  return {
    get: read,
    set(key, value) {
      write(key, value);
      changed();
    },
    remove(...keys) {
      keys.forEach((k) => write(k, undefined));
      changed();
    },
    clearAllExcept(...keep) {
      const kept = keep.map((k) => [k, read(k)] as const);
      try {
        backend.clear();
      } catch {
        /* see write() */
      }
      kept.forEach(([k, v]) => write(k, v));
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => writes,
  };
}

/** A Map-backed Storage for browsers that refuse storage (and for tests). */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => (map.has(k) ? map.get(k)! : null),
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const s = globalThis[kind];
    const probe = `${KEY_PREFIX}probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

/** On the server: the storage of the rendering under way (src/firstScreen), else a memory one. */
let serverStorageNow: (() => Storage | undefined) | undefined;

/**
 * On the server each rendering of a holder's first screen reads its own values (the holder's
 * token, card, mark), found through its async context by `current`: never another holder's.
 */
export function storageOnServer(current: () => Storage | undefined): void {
  serverStorageNow = current;
}

function serverStorage(): Storage {
  const fallback = memoryStorage();
  const now = () => serverStorageNow?.() ?? fallback;
  return {
    get length() {
      return now().length;
    },
    clear: () => now().clear(),
    getItem: (k) => now().getItem(k),
    key: (i) => now().key(i),
    removeItem: (k) => now().removeItem(k),
    setItem: (k, v) => now().setItem(k, v),
  };
}

export const local = createTypedStorage(typeof window === 'undefined' ? serverStorage() : browserStorage('localStorage'), LOCAL_CODECS);
export type LocalStorage = typeof local;
