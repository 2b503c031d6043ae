// 收款链接: a WeChat transfer waiting for its payee (docs/decisions/0039-payee-confirms-transfer.md).
// The payee opens the portal's confirmation page in WeChat — scanning this QR code or from the
// link sent to them — and confirms there; the link dies with the bill, 24 hours after it was made.
import { useState } from 'react';
import { App, Button, Modal, QRCode, Space, Typography } from 'antd';
import type { CommissionWithdrawal } from '../api/getWithdrawals';
import { chinaTime, yuan } from '../../../lib/format';

/** The page's address on this origin (the console and the portal are served together). */
export const payeeLinkOf = (path: string) => new URL(path, window.location.origin).toString();

export function PayeeLinkButton({ w }: { w: CommissionWithdrawal }) {
  const [open, setOpen] = useState(false);
  const { message } = App.useApp();
  if (!w.payee_confirm) return null;
  const url = payeeLinkOf(w.payee_confirm.path);
  return (
    <>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        收款链接
      </Button>
      <Modal
        open={open}
        title={`待收款人确认：${w.payout_no}`}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
        width={460}
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text>
            请将下方二维码或链接发给收款人 <b>{w.payee}</b>，用其本人的微信打开并点「确认收款」，{yuan(w.amount_fen)} 即转入其微信零钱。
          </Typography.Text>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <QRCode value={url} size={200} bordered={false} />
          </div>
          <Typography.Paragraph
            copyable={{ text: url, onCopy: () => void message.success('已复制收款链接'), tooltips: ['复制链接', '已复制'] }}
            style={{ wordBreak: 'break-all', marginBottom: 0 }}
          >
            {url}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            确认截止 {chinaTime(w.payee_confirm.expires_at)}（北京时间）；逾期未确认，微信关闭转账，金额退回代理余额。
          </Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
