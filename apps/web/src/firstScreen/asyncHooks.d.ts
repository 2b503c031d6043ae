// The one Node API the server's renderer uses (./render.tsx runs in Node, built by
// build/firstScreen.ts); the web's code is typed for the browser, without @types/node.
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
