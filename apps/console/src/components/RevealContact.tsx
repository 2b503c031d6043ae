// A customer's masked mobile (docs/decisions/0028: support, finance and agent administrators see 138****8000)
// with 查看 beside it: the whole number after a reason, which the server audits. The platform
// administrator gets the number whole and no button.
import { useState } from 'react';
import { Button, Space } from 'antd';
import { ReasonModal } from './ReasonModal';

export function RevealContact({ value, reveal }: { value: string | null; reveal: (reason: string) => Promise<string> }) {
  const [asking, setAsking] = useState(false);
  const [whole, setWhole] = useState<string | null>(null);
  if (!value) return <>—</>;
  const masked = value.includes('*');
  return (
    <Space size={4}>
      <span>{whole ?? value}</span>
      {masked && whole === null ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setAsking(true)}>
          查看
        </Button>
      ) : null}
      {asking ? (
        <ReasonModal<{ reason: string }>
          title="查看完整联系方式"
          okText="查看"
          intro="查看客户的完整手机号须填写原因，将记入审计日志。"
          reasonLabel="查看原因"
          reasonPlaceholder="如：电话回访用户"
          onConfirm={(v) => reveal(v.reason)}
          onDone={(a) => setWhole(a as string)}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Space>
  );
}
