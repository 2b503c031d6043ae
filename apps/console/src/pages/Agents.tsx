// 代理商: the agents and an agent's 品牌 / 支付 / 功能开关 in a drawer (features/agents).
import { AgentsPanel } from '../features/agents/components/AgentsPanel';

export default function Agents() {
  return <AgentsPanel />;
}
