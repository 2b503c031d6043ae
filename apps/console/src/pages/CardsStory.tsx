// 卡片档案: a card's whole story at its own address, /admin/cards/<card number> (or any of its identifiers), for every role that
// may read one (finance and support included); /admin/card-story looks a card up by number, and its
// old form /admin/card-story?card=… redirects to the card's address.
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Card, Empty, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { StoryView } from '../features/cards/components/CardStory';
import { storyPath } from '../lib/paths';

export default function CardsStory() {
  const { card = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ card: string }>();
  const old = params.get('card')?.trim();
  if (!card && old) return <Navigate to={storyPath(old)} replace />;
  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        initialValues={{ card }}
        style={{ marginBottom: 16 }}
        onFinish={(v) => navigate(storyPath(v.card.trim()))}
      >
        <Form.Item
          name="card"
          label="号码"
          rules={[{ required: true, pattern: /^\s*[0-9A-Za-z]{6,22}\s*$/, message: '请输入正确的卡号、ICCID、MSISDN 或 IMSI' }]}
        >
          <Input allowClear placeholder="卡号 / ICCID / MSISDN / IMSI" style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查看
        </Button>
      </Form>
      {card ? <StoryView key={card} card={card} /> : <Empty description="输入卡号、ICCID、MSISDN 或 IMSI 查看卡片档案" />}
    </Card>
  );
}
