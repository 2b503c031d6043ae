// 代理申请: the queue of applications to become an agent (features/applications).
import { ApplicationQueue } from '../features/applications/components/ApplicationQueue';

export default function Applications() {
  return <ApplicationQueue />;
}
