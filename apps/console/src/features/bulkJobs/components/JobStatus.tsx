// A job's state as a tag (待处理/处理中/已完成) and its progress bar, done/total.
import { Progress, Tag } from 'antd';
import type { BulkJob as Job } from '../api/getBulkJobs';
import { isDone, JOB_STATE_COLOR, progressOf, stateLabel } from '../model/jobs';

export function StatusTag({ status }: { status: string }) {
  return <Tag color={JOB_STATE_COLOR[status] ?? 'default'}>{stateLabel(status)}</Tag>;
}

/** How far the job is: cards with a result of all its cards. */
export function JobProgress({ job, size }: { job: Job; size?: 'small' }) {
  const { done, percent } = progressOf(job);
  return (
    <Progress
      percent={percent}
      size={size}
      status={isDone(job) ? (job.failed_count ? 'normal' : 'success') : 'active'}
      format={() => `${done}/${job.total}`}
    />
  );
}
