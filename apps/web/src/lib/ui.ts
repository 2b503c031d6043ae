// The one door to antd-mobile. Importing it from here guarantees unstableSetRender ran before
// any imperative component (Dialog.confirm, Toast) renders: antd-mobile 5 renders those with
// ReactDOM.render, which React 19 removed. Only lazy pages import this module, so antd-mobile
// never weighs on the first load of /login.
import { Dialog, unstableSetRender } from 'antd-mobile';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import './ui.css';

type Container = (Element | DocumentFragment) & { __admRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__admRoot ??= createRoot(container);
  const root = container.__admRoot;
  root.render(node);
  return async () => {
    // Unmounting synchronously inside React's own commit warns; a macrotask later is safe.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__admRoot;
  };
});

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
}

/** Confirm dialog with the spec's colours (section 9): blue confirm, grey cancel. */
export function confirm({ title, content, confirmText = '确定', cancelText = '取消' }: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({ title, content, confirmText, cancelText, bodyClassName: 'app-dialog' });
}

export { Dialog };
export * from 'antd-mobile';
