// A query that failed: the server's words and a 重试 that asks again — the one error state of the
// console's lists, drawers and panels.
import type { CSSProperties } from 'react';
import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { messageOf } from '../lib/api';

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** the reload icon on 重试 (the lists show it) */
  icon?: boolean;
  style?: CSSProperties;
}

export function LoadError({ error, onRetry, icon, style }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={messageOf(error)}
      style={style}
      action={
        <Button size="small" icon={icon ? <ReloadOutlined /> : undefined} onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
