import type { Knex } from '@ems/db';
import type { Db } from '../../data/db';
import { periodById, type PeriodRow } from '../../data/periods';
import { lockPeriod, updatePeriodSettings, type PeriodSettings } from '../../data/periodSettings';
import { recordOperatorActions } from '../audit/operatorAction';
import {
  checkPeriodRules,
  isIsoDate,
  MEMBER_TYPES,
  OPTION_CODES,
  quoteOrder,
  type MemberType,
  type OptionCode,
  type PeriodPricingRules,
  type Quote,
} from '../pricing';
import type { DataScope } from '../scope';
import { rowId } from './ids';

/** A period as the operator's settings screen shows it: dates, status and the pricing rules (as JSON). */
export interface OperatorPeriodView extends PeriodRow {
  pricingRulesJson: string;
}

/** The period when it belongs to an organisation the caller administers; null otherwise (no existence leak). */
async function operatorsPeriod(db: Db, scope: DataScope | null, id: number, lock = false): Promise<PeriodRow | null> {
  if (!scope || scope.adminOrganisationIds.size === 0) return null;
  const period = lock ? await lockPeriod(db, id) : await periodById(db, id);
  return period && scope.adminOrganisationIds.has(period.organisationId) ? period : null;
}

export async function operatorPeriod(db: Db, scope: DataScope | null, idText: string): Promise<OperatorPeriodView | null> {
  const period = await operatorsPeriod(db, scope, rowId(idText, 'id'));
  return period && { ...period, pricingRulesJson: JSON.stringify(period.pricingRules, null, 2) };
}

export interface PeriodSettingsInput {
  status?: 'open' | 'closed' | null;
  registrationOpensOn?: string | null;
  registrationClosesOn?: string | null;
  /** The whole pricing rules, as JSON (docs/decisions.md: the engine's own shape). */
  pricingRules?: string | null;
}

export type PeriodChangeResult =
  { ok: true; period: OperatorPeriodView } | { ok: false; code: 'NOT_FOUND' | 'INVALID_SETTINGS'; messages: string[] };

/** The shape checkPeriodRules relies on; anything else is INVALID_SETTINGS, never a 5xx. */
function structuralProblems(rules: unknown): string[] {
  if (!rules || typeof rules !== 'object' || Array.isArray(rules)) return ['The pricing rules must be a JSON object.'];
  const r = rules as Record<string, unknown>;
  const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
  const problems: string[] = [];
  if (typeof r.currency !== 'string') problems.push('Pricing rules: currency is missing.');
  if (typeof r.referenceDate !== 'string') problems.push('Pricing rules: referenceDate is missing.');
  if (!isObject(r.baseFees) || !Object.values(r.baseFees as object).every(isObject))
    problems.push('Pricing rules: baseFees must map types to age groups.');
  if (!Array.isArray(r.timing) || !r.timing.every(isObject)) problems.push('Pricing rules: timing must be a list of windows.');
  if (!isObject(r.memberTypes) || !Object.values(r.memberTypes as object).every(isObject))
    problems.push('Pricing rules: memberTypes must be an object.');
  if (!isObject(r.options) || !Object.values(r.options as object).every(isObject))
    problems.push('Pricing rules: options must be an object.');
  if (r.family !== undefined && !isObject(r.family)) problems.push('Pricing rules: family must be an object.');
  if (typeof r.administrationFeeMinor !== 'number') problems.push('Pricing rules: administrationFeeMinor must be a number.');
  return problems;
}

/** The settings after the change, or what is wrong with them. */
function nextSettings(
  period: PeriodRow,
  input: PeriodSettingsInput,
): { ok: true; settings: PeriodSettings } | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const opens = input.registrationOpensOn?.trim() || period.registrationOpensOn;
  const closes = input.registrationClosesOn?.trim() || period.registrationClosesOn;
  if (!isIsoDate(opens)) messages.push('The registration opening date must be a date (YYYY-MM-DD).');
  if (!isIsoDate(closes)) messages.push('The registration closing date must be a date (YYYY-MM-DD).');
  if (isIsoDate(opens) && isIsoDate(closes) && opens > closes) messages.push('Registration must open before it closes.');
  let rules: unknown = period.pricingRules;
  if (input.pricingRules != null) {
    try {
      rules = JSON.parse(input.pricingRules);
    } catch {
      return { ok: false, messages: [...messages, 'The pricing rules are not valid JSON.'] };
    }
    const structural = structuralProblems(rules);
    if (structural.length > 0) return { ok: false, messages: [...messages, ...structural] };
    messages.push(...checkPeriodRules(rules as PeriodPricingRules).map((p) => p.message));
  }
  if (messages.length > 0) return { ok: false, messages };
  return {
    ok: true,
    settings: { status: input.status ?? period.status, registrationOpensOn: opens, registrationClosesOn: closes, pricingRules: rules },
  };
}

/**
 * `Mutation.updateMembershipPeriod`: an operator opens or closes a period of their organisation,
 * moves its registration dates, or changes its prices (the engine's pricing rules, checked by the
 * engine's own rule check), with the audit entry of before and after, in one transaction. An
 * order already placed keeps the price it was quoted.
 */
export async function updateMembershipPeriod(
  db: Knex,
  scope: DataScope | null,
  idText: string,
  input: PeriodSettingsInput,
): Promise<PeriodChangeResult> {
  const id = rowId(idText, 'id');
  return db.transaction(async (trx) => {
    const period = await operatorsPeriod(trx, scope, id, true);
    if (!period) return { ok: false, code: 'NOT_FOUND', messages: ['No such period in your organisations.'] } as const;
    const next = nextSettings(period, input);
    if (!next.ok) return { ok: false, code: 'INVALID_SETTINGS', messages: next.messages } as const;
    await updatePeriodSettings(trx, id, next.settings);
    const before: PeriodSettings = {
      status: period.status,
      registrationOpensOn: period.registrationOpensOn,
      registrationClosesOn: period.registrationClosesOn,
      pricingRules: period.pricingRules,
    };
    await recordOperatorActions(trx, scope!, [
      {
        organisationId: period.organisationId,
        action: 'period.updated',
        subjectType: 'membershipPeriod',
        subjectId: id,
        before,
        after: next.settings,
      },
    ]);
    const updated = (await periodById(trx, id))!;
    return { ok: true, period: { ...updated, pricingRulesJson: JSON.stringify(updated.pricingRules, null, 2) } } as const;
  });
}

export interface PreviewPersonInput {
  dateOfBirth: string;
  membershipTypeCode: string;
  memberType: string;
  options?: readonly string[] | null;
}

export type PricePreviewResult = { ok: true; quote: Quote } | { ok: false; messages: string[] };

/**
 * `Query.previewMembershipPrice`: what a family would pay in one of the operator's periods on a
 * registration date, by the pricing engine itself (the same quote a registration gets), with
 * nothing stored. Null for another organisation's period.
 */
export async function previewMembershipPrice(
  db: Db,
  scope: DataScope | null,
  args: { periodId: string; registrationDate: string; persons: readonly PreviewPersonInput[] },
): Promise<PricePreviewResult | null> {
  const period = await operatorsPeriod(db, scope, rowId(args.periodId, 'periodId'));
  if (!period) return null;
  const unknown = args.persons.flatMap((p, i) => [
    ...(MEMBER_TYPES.includes(p.memberType as MemberType) ? [] : [`Person ${i + 1}: unknown member type ${p.memberType}.`]),
    ...(p.options ?? []).filter((o) => !OPTION_CODES.includes(o as OptionCode)).map((o) => `Person ${i + 1}: unknown option ${o}.`),
  ]);
  if (unknown.length > 0) return { ok: false, messages: unknown };
  const result = quoteOrder({
    rules: period.pricingRules as PeriodPricingRules,
    registrationDate: args.registrationDate,
    persons: args.persons.map((p, i) => ({
      id: i + 1,
      dateOfBirth: p.dateOfBirth,
      membershipTypeCode: p.membershipTypeCode,
      memberType: p.memberType as MemberType,
      options: (p.options ?? []) as OptionCode[],
    })),
  });
  return result.ok ? { ok: true, quote: result.quote } : { ok: false, messages: result.problems.map((p) => p.message) };
}
