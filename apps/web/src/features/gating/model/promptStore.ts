// The one redirect prompt on screen. Never two at once: a second gate that
// fires while a prompt shows is dropped, not queued. Never a loop (docs/spec/decisions.md): a gate that
// runs by itself after card info loads does not ask again what was already asked since the last
// load; only the user asking for a guarded page again (a navigation) asks again.
import type { PromptSpec } from './prompt';

export interface OpenPrompt {
  id: number;
  spec: PromptSpec;
}

export interface PromptStore {
  current(): OpenPrompt | null;
  subscribe(listener: () => void): () => void;
  /** Shows the prompt unless one shows already, or (without `navigation`) it was asked since the last load. */
  open(spec: PromptSpec, opts?: { navigation?: boolean }): boolean;
  close(id: number): void;
  /** A new load (card switched, page visible again): the load gates may ask again. */
  forgetAsked(): void;
  /** The last page the user saw that no gate stopped: where "cancel" leaves them. */
  settledAt(): string | undefined;
  settle(path: string): void;
}

export function createPromptStore(): PromptStore {
  let current: OpenPrompt | null = null;
  let nextId = 1;
  let settled: string | undefined;
  const asked = new Set<string>();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    open(spec, opts = {}) {
      if (current) return false;
      if (!opts.navigation && asked.has(spec.key)) return false;
      asked.add(spec.key);
      current = { id: nextId++, spec };
      notify();
      return true;
    },
    close(id) {
      if (current?.id !== id) return;
      current = null;
      notify();
    },
    forgetAsked: () => asked.clear(),
    settledAt: () => settled,
    settle(path) {
      settled = path;
    },
  };
}

/** The app's store (module state: the shell, the navigation gate and the load gate share it). */
export const promptStore = createPromptStore();
