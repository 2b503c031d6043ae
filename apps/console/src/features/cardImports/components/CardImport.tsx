// 导入: a CSV or XLSX of cards — 试导入 first (every bad row with its reason; nothing written), then
// 确认导入 with a note when the file has no error (one batch, one transaction); the batches below,
// each undoable with a reason while none of its cards has been used. A committed batch shows each
// new card's generated card password once (components/CardPasswords), as does 待发放卡密码. The
// optional 运营商账号 column names the carrier account of each card: the help lists those accepted. A
// row onto an account of another carrier than its ICCID's is refused unless 确认跨运营商导入 is ticked
// (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md), as 移至运营商账号 asks.
import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@portal/contract/admin';
import { ApiError, messageOf, urlOf } from '../../../lib/api';
import { downloadCsv } from '../../../lib/csvFile';
import { chinaTime } from '../../../lib/format';
import { useAgents, useCarrierAccountChoices } from '../../../lib/selectOptions';
import { useOperator } from '../../../lib/session';
import { levelName } from '../../../lib/agentLevels';
import { CardPasswordSlips, PendingCardPasswords, type Slip } from '../../../components/CardPasswords';
import { LoadError } from '../../../components/LoadError';
import { useImportBatches, type ImportBatch as Batch } from '../api/getImportBatches';
import { useCommitImport } from '../api/commitImport';
import { useDryRun, type DryRun } from '../api/dryRunImport';
import { useUndoImport } from '../api/undoImport';
import { accountColumnHint } from '../model/carrierAccounts';
import { base64Of, pickRefusal, type PickedFile as Picked } from '../model/pickedFile';
import * as admin from '@portal/contract/routes/admin';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(base64Of(String(r.result)));
    r.onerror = () => reject(new Error('读取文件失败'));
    r.readAsDataURL(file);
  });
}

/** A refused dry run worth sending again: the network or the server failed, not the file. */
function retryable(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
}

/** The bad rows as the file had them, each with its problems in a last column: fix and upload again. */
function downloadErrorRows(result: DryRun, fileName = 'cards.csv'): void {
  const width = Math.max(IMPORT_COLUMNS.length, ...result.errors.map((e) => e.cells.length));
  const header = [
    ...IMPORT_COLUMNS,
    ...Array.from({ length: width - IMPORT_COLUMNS.length }, (_, i) => `列${IMPORT_COLUMNS.length + i + 1}`),
  ];
  const rows = result.errors.map((e) => [...e.cells, ...Array(width - e.cells.length).fill(''), `第 ${e.row} 行：${e.message}`]);
  downloadCsv(`${fileName.replace(/\.(csv|xlsx)$/i, '')}-错误行.csv`, [...header, '错误说明'], rows);
}

export function CardImport() {
  const { message } = App.useApp();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [result, setResult] = useState<DryRun | null>(null);
  const [commitOpen, setCommitOpen] = useState(false);
  const [undoing, setUndoing] = useState<Batch | null>(null);
  const [slips, setSlips] = useState<{ batch: number; slips: Slip[] } | null>(null);
  const [commitForm] = Form.useForm<{ reason: string }>();
  const [undoForm] = Form.useForm<{ reason: string }>();

  // 导入到: an operator with sub-agents (or the platform) may put the whole file on one agent of its subtree
  const agents = useAgents().data?.items ?? [];
  const [owner, setOwner] = useState<number | undefined>(undefined);
  const [crossCarrier, setCrossCarrier] = useState(false);
  const op = useOperator().data;
  const batches = useImportBatches();
  const accounts = useCarrierAccountChoices();
  const dry = useDryRun(setResult);
  const commit = useCommitImport(picked, owner, crossCarrier, (b) => {
    message.success(`已导入 ${b.card_count} 张卡（批次 ${b.id}）`);
    setSlips({ batch: b.id, slips: b.card_passwords });
    setCommitOpen(false);
    setPicked(null);
    setResult(null);
    setCrossCarrier(false);
    commitForm.resetFields();
  });
  const undo = useUndoImport((b) => {
    message.success(`批次 ${b.id} 已撤销`);
    setUndoing(null);
    undoForm.resetFields();
  });

  const pick = async (file: File) => {
    setResult(null);
    dry.reset();
    setPickError(null);
    const refusal = pickRefusal(file);
    if (refusal) {
      // the refused file is not the current one: the previous file's name must not stay
      setPicked(null);
      setPickError(refusal);
      return false;
    }
    const p = { file_name: file.name, content_base64: await readBase64(file) };
    setPicked(p);
    // a new file is judged afresh: a confirmation was for the rows of the last one
    setCrossCarrier(false);
    dry.mutate({ ...p, owner });
    return false;
  };
  const chooseOwner = (id: number | undefined) => {
    setOwner(id);
    setResult(null);
    // the rows are checked again for the new owner (its series, the notices)
    if (picked) dry.mutate({ ...picked, owner: id, crossCarrier });
  };
  const confirmCrossCarrier = (on: boolean) => {
    setCrossCarrier(on);
    setResult(null);
    // checked again: confirmed, those rows are taken with a notice each; unticked, refused again
    if (picked) dry.mutate({ ...picked, owner, crossCarrier: on });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="导入卡片">
        <Typography.Paragraph>
          上传 CSV（UTF-8）或 XLSX
          文件，每行一张卡，列依次为：卡号、ICCID、MSISDN、运营商（名称或编号）、套餐系列ID、代理标识、运营商账号（可选）、IMSI（可选，15
          位数字；客服可按 IMSI 查卡）。 每个文件最多 {IMPORT_MAX_ROWS.toLocaleString()} 行、5
          MB。系统先试导入并逐行检查，全部无误后才能确认导入。
        </Typography.Paragraph>
        {accounts.data ? (
          <Typography.Paragraph type="secondary" data-testid="account-hint">
            {accountColumnHint(accounts.data.items)}
          </Typography.Paragraph>
        ) : null}
        <Space wrap>
          {agents.length > 1 ? (
            <Space.Compact>
              <Button disabled>导入到</Button>
              <Select<number>
                aria-label="导入到"
                allowClear
                style={{ width: 280 }}
                placeholder={op?.role === 'agent_admin' ? '本代理' : '按文件中的代理标识'}
                value={owner}
                onChange={(v) => chooseOwner(v ?? undefined)}
                options={agents.map((a) => ({ value: a.id, label: `${a.nickname}（${levelName(a.level)} · ${a.mark}）` }))}
              />
            </Space.Compact>
          ) : null}
          <Upload accept=".csv,.xlsx" showUploadList={false} beforeUpload={pick} maxCount={1}>
            <Button type="primary" icon={<UploadOutlined />} loading={dry.isPending}>
              选择文件并试导入
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} href={urlOf(admin.adminCardImportTemplate)} download>
            下载模板
          </Button>
          {picked ? <Typography.Text type="secondary">当前文件：{picked.file_name}</Typography.Text> : null}
        </Space>
        {pickError ? <Alert type="error" showIcon title={pickError} style={{ marginTop: 16 }} /> : null}
        {dry.error ? (
          <Alert
            type="error"
            showIcon
            title={messageOf(dry.error)}
            style={{ marginTop: 16 }}
            action={
              // a retry helps only when the request failed on its way (network, server busy), not a refused file
              picked && retryable(dry.error) ? (
                <Button size="small" onClick={() => dry.mutate({ ...picked, owner, crossCarrier })}>
                  重试
                </Button>
              ) : undefined
            }
          />
        ) : null}
        {result ? (
          <div style={{ marginTop: 16 }} data-testid="dry-run">
            {result.cross_carrier > 0 ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                data-testid="cross-carrier-warning"
                title={`${result.cross_carrier} 行的 ICCID 不属于所填运营商账号的运营商：该平台不认识这些卡，导入后无法同步与停复机`}
                description={
                  <Checkbox
                    checked={crossCarrier}
                    onChange={(e) => confirmCrossCarrier(e.target.checked)}
                    data-testid="confirm-cross-carrier"
                  >
                    确认跨运营商导入（如已转网，请在导入说明中写明）
                  </Checkbox>
                }
              />
            ) : null}
            {result.errors.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={`共 ${result.total} 行，${result.valid} 行无误，${result.total - result.valid} 行有错误：请修正文件后重新上传`}
                style={{ marginBottom: 12 }}
                action={
                  <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadErrorRows(result, picked?.file_name)}>
                    下载错误行
                  </Button>
                }
              />
            ) : (
              <Alert
                type="success"
                showIcon
                title={
                  result.notices.length > 0
                    ? `共 ${result.total} 行，无错误，其中 ${result.notices.length} 行将按提示导入（见下表），确认后可以导入`
                    : `共 ${result.total} 行，全部无误，可以导入`
                }
                style={{ marginBottom: 12 }}
                action={
                  <Button type="primary" onClick={() => setCommitOpen(true)}>
                    确认导入
                  </Button>
                }
              />
            )}
            {result.errors.length > 0 ? (
              <Table
                size="small"
                rowKey="row"
                data-testid="import-errors"
                dataSource={result.errors}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  { title: '卡号', dataIndex: 'custom_num', width: 200, render: (n: string) => n || '—' },
                  {
                    title: '错误（该行的每一处）',
                    dataIndex: 'problems',
                    render: (problems: string[]) => (
                      <ul style={{ margin: 0, paddingLeft: 18 }}>
                        {problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ),
                  },
                ]}
              />
            ) : null}
            {result.notices.length > 0 ? (
              <Table
                size="small"
                rowKey="row"
                data-testid="import-notices"
                style={{ marginTop: 12 }}
                title={() => '提示：以下行将不按文件所写导入'}
                dataSource={result.notices}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 80 },
                  { title: '卡号', dataIndex: 'custom_num', width: 200, render: (n: string) => n || '—' },
                  { title: '提示', dataIndex: 'message' },
                ]}
              />
            ) : null}
          </div>
        ) : null}
      </Card>

      <PendingCardPasswords />

      <Card title="导入批次">
        {batches.error ? (
          <LoadError error={batches.error} onRetry={() => void batches.refetch()} />
        ) : (
          <Table<Batch>
            size="small"
            rowKey="id"
            loading={batches.isPending}
            dataSource={batches.data?.items ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description="还没有导入批次" /> }}
            columns={[
              { title: '批次', dataIndex: 'id', width: 70 },
              { title: '文件', dataIndex: 'file_name', ellipsis: true },
              { title: '代理', dataIndex: 'agent_name', width: 140 },
              { title: '卡数', dataIndex: 'card_count', width: 80 },
              { title: '说明', dataIndex: 'reason', ellipsis: true },
              { title: '操作人', dataIndex: 'operator_username', width: 100 },
              { title: '导入时间', dataIndex: 'created_at', width: 170, render: chinaTime },
              {
                title: '状态',
                key: 'state',
                width: 170,
                render: (_v, b) =>
                  b.undone_at ? (
                    <Tag>已撤销 {chinaTime(b.undone_at).slice(5, 16)}</Tag>
                  ) : (
                    <Button danger size="small" onClick={() => setUndoing(b)}>
                      撤销
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Card>

      <Modal
        title="确认导入"
        open={commitOpen}
        okText="导入"
        confirmLoading={commit.isPending}
        onOk={() => commitForm.submit()}
        onCancel={() => setCommitOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          将导入 {result?.valid ?? 0} 张卡（{picked?.file_name}），作为一个批次，在卡片被使用前可撤销。
        </Typography.Paragraph>
        <Form form={commitForm} layout="vertical" onFinish={(v) => commit.mutate(v.reason.trim())}>
          <Form.Item
            name="reason"
            label="导入说明"
            rules={[{ required: true, whitespace: true, min: 2, max: 200, message: '请填写导入说明（2–200 个字）' }]}
          >
            <Input.TextArea rows={2} placeholder="如：11 月到货联通卡" />
          </Form.Item>
        </Form>
        {commit.error ? <Alert type="error" showIcon title={messageOf(commit.error)} /> : null}
      </Modal>

      <Modal
        title={undoing ? `撤销批次 ${undoing.id}` : ''}
        open={undoing !== null}
        okText="撤销"
        okButtonProps={{ danger: true }}
        confirmLoading={undo.isPending}
        onOk={() => undoForm.submit()}
        onCancel={() => {
          setUndoing(null);
          undo.reset();
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>
          撤销将删除该批次的 {undoing?.card_count ?? 0} 张卡；只要有一张卡已被使用（绑定、下单或产生用量）就不能撤销。
        </Typography.Paragraph>
        <Form form={undoForm} layout="vertical" onFinish={(v) => undo.mutate({ batch_id: undoing!.id, reason: v.reason.trim() })}>
          <Form.Item
            name="reason"
            label="撤销原因"
            rules={[{ required: true, whitespace: true, min: 2, max: 200, message: '请填写撤销原因（2–200 个字）' }]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
        {undo.error ? <Alert type="error" showIcon title={messageOf(undo.error)} /> : null}
      </Modal>
      {slips ? <CardPasswordSlips title={`批次 ${slips.batch} 的卡密码`} slips={slips.slips} onClose={() => setSlips(null)} /> : null}
    </Space>
  );
}
