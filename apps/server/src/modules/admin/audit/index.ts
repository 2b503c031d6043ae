// The audit area's entry for the other admin areas: record an action inside the change's transaction.
export { recordAudit, type AuditEntryInput, type AuditWho } from './service';
export { toCsv, attachment } from './csv';
export { auditRoutes } from './routes';
