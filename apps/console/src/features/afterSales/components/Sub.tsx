import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** A second line in a queue's cell (the taxpayer number, the invoice number, the answer). */
export function Sub({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}
