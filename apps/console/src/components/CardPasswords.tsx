// Card passwords in the console (docs/decisions/0028): a card binds only with its card password, so
// the operator gets each generated one ONCE — in the import's result (with a CSV for printing on the
// card carriers), from the list the migration left (taken once), or from a reset with a reason. The
// server never shows them again: the modals say so before they are closed.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Modal, Space, Table, Typography } from 'antd';
import { DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { call } from '../lib/api';
import { downloadCsv } from '../lib/csvFile';
import { queryKeys } from '../lib/queryKeys';
import { ReasonModal } from './ReasonModal';
import * as admin from '@portal/contract/routes/admin';

export interface Slip {
  custom_num: string;
  password: string;
}

/** The generated passwords, shown once: a table and its CSV. */
export function CardPasswordSlips({ title, slips, onClose }: { title: string; slips: Slip[]; onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Modal
      open
      title={title}
      width={640}
      okText="已保存，关闭"
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
      closable={false}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="卡密码只显示这一次，关闭后无法再次查看"
        description="请下载 CSV 用于印制卡托或随卡寄送；用 Excel 打开时请将卡密码列设为文本，以免丢失开头的 0。遗失的卡密码只能重置。"
        style={{ marginBottom: 12 }}
      />
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          onClick={() => {
            downloadCsv(
              'card-passwords.csv',
              ['卡号', '卡密码'],
              slips.map((x) => [x.custom_num, x.password]),
            );
            setSaved(true);
          }}
        >
          下载卡密码 CSV（{slips.length} 张）
        </Button>
        {saved ? <Typography.Text type="success">已下载</Typography.Text> : null}
      </Space>
      <Table<Slip>
        size="small"
        rowKey="custom_num"
        dataSource={slips}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: '卡号', dataIndex: 'custom_num' },
          { title: '卡密码', dataIndex: 'password', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
        ]}
      />
    </Modal>
  );
}

/** 待发放卡密码: the passwords the migration gave cards that had none, taken once with a note. */
export function PendingCardPasswords() {
  const client = useQueryClient();
  const pending = useQuery({ queryKey: queryKeys.cardImports.pendingPasswords, queryFn: () => call(admin.adminCardPasswordPending) });
  const [asking, setAsking] = useState(false);
  const [slips, setSlips] = useState<Slip[] | null>(null);
  const count = pending.data?.count ?? 0;
  if (count === 0 && !slips) return null;
  return (
    <Card title="待发放卡密码" size="small">
      <Typography.Paragraph>
        升级时为 {count} 张原先没有卡密码的卡生成了卡密码。绑卡须凭卡密码，请领取后寄送或告知持卡人。领取只能一次，领取后系统不再保存明文。
      </Typography.Paragraph>
      <Button icon={<KeyOutlined />} disabled={count === 0} onClick={() => setAsking(true)}>
        领取卡密码（{count} 张）
      </Button>
      {asking ? (
        <ReasonModal<{ reason: string }>
          title="领取待发放卡密码"
          okText="领取"
          reasonLabel="领取说明"
          reasonPlaceholder="如：打印后随卡寄送"
          onConfirm={(v) => call(admin.adminCardPasswordTake, v)}
          onDone={(a) => {
            setSlips((a as { items: Slip[] }).items);
            void client.invalidateQueries({ queryKey: queryKeys.cardImports.pendingPasswords });
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
      {slips ? <CardPasswordSlips title="待发放卡密码" slips={slips} onClose={() => setSlips(null)} /> : null}
    </Card>
  );
}

/** 重置卡密码: a new generated password for a holder who lost theirs, with a reason (audited). */
export function ResetCardPasswordButton({ customNum }: { customNum: string }) {
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const [slip, setSlip] = useState<Slip | null>(null);
  const reset = useMutation({ mutationFn: (reason: string) => call(admin.adminCardPasswordReset, { custom_num: customNum, reason }) });
  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setAsking(true)}>
        重置卡密码
      </Button>
      {asking ? (
        <ReasonModal<{ reason: string }>
          title={`重置卡密码 ${customNum}`}
          okText="重置"
          danger
          intro="将生成新的 6 位卡密码，原卡密码立即失效，该卡的卡号登录全部退出。新卡密码只显示一次。"
          reasonLabel="重置原因"
          reasonPlaceholder="如：持卡人遗失卡托，已核实身份"
          onConfirm={(v) => reset.mutateAsync(v.reason)}
          onDone={(a) => {
            const r = a as Slip;
            setSlip({ custom_num: r.custom_num, password: r.password });
            void message.success('卡密码已重置');
          }}
          onClose={() => setAsking(false)}
        />
      ) : null}
      {slip ? <CardPasswordSlips title={`新卡密码 ${slip.custom_num}`} slips={[slip]} onClose={() => setSlip(null)} /> : null}
    </>
  );
}
