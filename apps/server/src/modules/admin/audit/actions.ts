// What each audited action is called: the one table is the contract's (AUDIT_ACTION_LABEL in
// @portal/contract/admin), which the console's search reads too. An area that audits a new action
// adds its label there; recordAudit accepts no action without one.
export { auditActionLabel as actionLabel, type AuditAction } from '@portal/contract/admin';
