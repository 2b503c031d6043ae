// The printable 佣金月结单 (/admin/commissions/print?month=…&agent_id=…): the statement alone, with
// 打印 (the browser's print; the menu and header are left off the paper by print.css).
import { useSearchParams } from 'react-router';
import { Button, Card, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { LoadError } from '../../../components/LoadError';
import { useCommissionStatement } from '../api/getStatement';
import { StatementView } from './StatementView';
import './print.css';

export function StatementPrint() {
  const [params] = useSearchParams();
  const month = params.get('month') ?? '';
  const agent = Number(params.get('agent_id')) || undefined;
  const q = useCommissionStatement(agent, month);
  return (
    <Card>
      <Space className="no-print" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </Space>
      {q.error ? <LoadError error={q.error} onRetry={() => void q.refetch()} /> : q.data ? <StatementView s={q.data} /> : <Spin />}
    </Card>
  );
}
