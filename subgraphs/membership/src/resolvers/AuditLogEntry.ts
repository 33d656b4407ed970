import { instantOf, referenced } from './support';
import type { AuditLogEntryResolvers } from './types.generated';

export const AuditLogEntry = {
  at: (entry) => instantOf(entry.createdAt),
  // The entry is the caller's (the query scoped it), and so is its organisation.
  organisation: (entry, _, ctx) => referenced(ctx.loaders.organisation.load(entry.organisationId), 'organisation'),
  before: (entry) => (entry.before === null ? null : JSON.stringify(entry.before)),
  after: (entry) => (entry.after === null ? null : JSON.stringify(entry.after)),
} satisfies AuditLogEntryResolvers;
