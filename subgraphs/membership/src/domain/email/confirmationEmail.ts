import { formatMinor } from '../pricing/money';

export const MEMBERSHIP_CONFIRMATION = 'membership_confirmation';

export interface ConfirmationEmailInput {
  recipientFirstName: string | null;
  organisationName: string;
  periodName: string;
  orderReference: string;
  paidMinor: number;
  currency: string;
  members: Array<{ name: string; membershipType: string; membershipNumber: string }>;
  /** The portal's public origin, for a link back; no link without it. */
  portalUrl: string | null;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The contract's "confirmation sent; membership numbers shown", as one e-mail per order. */
export function confirmationEmail(input: ConfirmationEmailInput): ComposedEmail {
  const greeting = input.recipientFirstName ? `Hello ${input.recipientFirstName},` : 'Hello,';
  const amount = `${formatMinor(input.paidMinor)} ${input.currency}`;
  const subject = `${input.organisationName}: membership confirmed (${input.orderReference})`;
  const members = input.members.map((m) => `  ${m.name}: ${m.membershipNumber} (${m.membershipType})`);
  const text = [
    greeting,
    '',
    `we have received your payment of ${amount} for order ${input.orderReference}.`,
    `The following memberships of ${input.organisationName} for ${input.periodName} are now active:`,
    '',
    ...members,
    '',
    'Please keep the membership numbers: you will need them to sign up for club events.',
    "Each member's membership card is attached as a PDF; its QR code lets the club check it.",
    ...(input.portalUrl ? ['', `Your registrations: ${input.portalUrl}`] : []),
    '',
    input.organisationName,
    '',
  ].join('\n');
  const rows = input.members
    .map((m) => `<tr><td>${escapeHtml(m.name)}</td><td>${escapeHtml(m.membershipNumber)}</td><td>${escapeHtml(m.membershipType)}</td></tr>`)
    .join('');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>we have received your payment of ${escapeHtml(amount)} for order ${escapeHtml(input.orderReference)}.`,
    ` The following memberships of ${escapeHtml(input.organisationName)} for ${escapeHtml(input.periodName)} are now active:</p>`,
    `<table><thead><tr><th scope="col">Member</th><th scope="col">Membership number</th><th scope="col">Type</th></tr></thead><tbody>${rows}</tbody></table>`,
    '<p>Please keep the membership numbers: you will need them to sign up for club events.</p>',
    '<p>Each member&#39;s membership card is attached as a PDF; its QR code lets the club check it.</p>',
    input.portalUrl ? `<p><a href="${escapeHtml(input.portalUrl)}">Your registrations</a></p>` : '',
    `<p>${escapeHtml(input.organisationName)}</p>`,
  ].join('');
  return { subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
