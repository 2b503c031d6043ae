// 卡片档案: open a card by its number (/admin/card-story?card=…) and read its whole story — for
// every role that may read one, finance and support included.
import { useSearchParams } from 'react-router';
import { Button, Card, Empty, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { StoryView } from '../lib/CardStory';

export default function CardsStory() {
  const [params, setParams] = useSearchParams();
  const card = params.get('card') ?? '';
  const [form] = Form.useForm<{ card: string }>();
  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        initialValues={{ card }}
        style={{ marginBottom: 16 }}
        onFinish={(v) => setParams({ card: v.card.trim() })}
      >
        <Form.Item name="card" label="卡号" rules={[{ required: true, pattern: /^\s*\d{6,20}\s*$/, message: '请输入正确的卡号' }]}>
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查看
        </Button>
      </Form>
      {card ? <StoryView key={card} card={card} /> : <Empty description="输入卡号查看卡片档案" />}
    </Card>
  );
}
