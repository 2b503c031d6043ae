// 概览: cards by state, the last 30 days, top data users and the queues waiting (features/dashboard).
import { Overview } from '../features/dashboard/components/Overview';

export default function Dashboard() {
  return <Overview />;
}
