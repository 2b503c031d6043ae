// 批量任务: a new job over many cards, the jobs, and one job's result per card (features/bulkJobs).
import { BulkJobsPanel } from '../features/bulkJobs/components/BulkJobsPanel';

export default function BulkJobs() {
  return <BulkJobsPanel />;
}
