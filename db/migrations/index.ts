import type { Knex } from 'knex';
import * as m20261121100000 from './20261121100000_auth_foundation';
import * as m20261121120000 from './20261121120000_membership_registration';
import * as m20261121120100 from './20261121120100_forms_workflow';
import * as m20261122090000 from './20261122090000_order_payment_capability';
import * as m20261122100000 from './20261122100000_rate_limits';
import * as m20261122110000 from './20261122110000_payment_refunds';
import * as m20261123100000 from './20261123100000_events_participants';
import * as m20261123110000 from './20261123110000_imports_framework';
import * as m20261125100000 from './20261125100000_import_changes';
import * as m20261125100100 from './20261125100100_import_undo';
import * as m20261125110000 from './20261125110000_result_set_imports';
import * as m20261125120000 from './20261125120000_member_import_households';
import * as m20261125130000 from './20261125130000_import_corrections';
import * as m20261125140000 from './20261125140000_partner_key_scopes';
import * as m20261125150000 from './20261125150000_partner_sync_positions';
import * as m20261125150100 from './20261125150100_partner_sync_refinements';
import * as m20261125160000 from './20261125160000_operator_identities';
import * as m20261125170000 from './20261125170000_membership_life';
import * as m20261125180000 from './20261125180000_row_results_merge_candidates';
import * as m20261125190000 from './20261125190000_operator_audit_log';
import * as m20261125200000 from './20261125200000_member_portal_settings';
import * as m20261126100000 from './20261126100000_organisation_logos';
import * as m20261126110000 from './20261126110000_member_oidc';
import * as m20261126120000 from './20261126120000_sync_marks_through_the_index';
import * as m20261126130000 from './20261126130000_emails_queued_notify';
import * as m20261126140000 from './20261126140000_builtin_checkout_webhook_delivery';
import * as m20261126150000 from './20261126150000_membership_number_sequences';
import * as m20261126160000 from './20261126160000_partner_removals';
import * as m20261127100000 from './20261127100000_api_key_successors';
import * as m20261127110000 from './20261127110000_source_system_names';
import * as m20261128100000 from './20261128100000_org_users_club_user_since';

/**
 * The ordered list of migrations. Listed statically (instead of read from the directory) so
 * that they run the same under tsx, jest and compiled JavaScript. Append only.
 */
export const migrations: Record<string, Knex.Migration> = {
  '20261121100000_auth_foundation': m20261121100000,
  '20261121120000_membership_registration': m20261121120000,
  '20261121120100_forms_workflow': m20261121120100,
  '20261122090000_order_payment_capability': m20261122090000,
  '20261122100000_rate_limits': m20261122100000,
  '20261122110000_payment_refunds': m20261122110000,
  '20261123100000_events_participants': m20261123100000,
  '20261123110000_imports_framework': m20261123110000,
  '20261125100000_import_changes': m20261125100000,
  '20261125100100_import_undo': m20261125100100,
  '20261125110000_result_set_imports': m20261125110000,
  '20261125120000_member_import_households': m20261125120000,
  '20261125130000_import_corrections': m20261125130000,
  '20261125140000_partner_key_scopes': m20261125140000,
  '20261125150000_partner_sync_positions': m20261125150000,
  '20261125150100_partner_sync_refinements': m20261125150100,
  '20261125160000_operator_identities': m20261125160000,
  '20261125170000_membership_life': m20261125170000,
  '20261125180000_row_results_merge_candidates': m20261125180000,
  '20261125190000_operator_audit_log': m20261125190000,
  '20261125200000_member_portal_settings': m20261125200000,
  '20261126100000_organisation_logos': m20261126100000,
  '20261126110000_member_oidc': m20261126110000,
  '20261126120000_sync_marks_through_the_index': m20261126120000,
  '20261126130000_emails_queued_notify': m20261126130000,
  '20261126140000_builtin_checkout_webhook_delivery': m20261126140000,
  '20261126150000_membership_number_sequences': m20261126150000,
  '20261126160000_partner_removals': m20261126160000,
  '20261127100000_api_key_successors': m20261127100000,
  '20261127110000_source_system_names': m20261127110000,
  '20261128100000_org_users_club_user_since': m20261128100000,
};
