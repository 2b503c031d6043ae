// Rendering a console component in a test (happy-dom; a test file says so with its
// `@vitest-environment happy-dom` line): the providers main.tsx gives the app — antd in Chinese,
// antd's App (message, modal) and a fresh query client — and what happy-dom lacks for antd.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd's responsive parts ask the media; happy-dom answers none
if (!window.matchMedia)
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

afterEach(cleanup);

export function renderConsole(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}
