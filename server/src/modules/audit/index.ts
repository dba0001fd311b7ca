/** The audit module's front door: operators' actions are recorded in their own transaction and listed on /ops. */
export { listAudit, recordAudit, type AuditRecord } from './repo.js';
