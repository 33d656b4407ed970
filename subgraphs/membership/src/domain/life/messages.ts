import type { MessageCandidate } from '../../data/memberMessages';
import { longDate } from '../dates';
import { escapeHtml, type ComposedEmail } from '../email/confirmationEmail';

export interface MessageLinks {
  /** The portal's registration for the next period (signed for the recipient's account when the tenant's scheme allows). */
  registration: string | null;
  /** Whether `registration` signs the member in; otherwise they sign in through the club's website first. */
  registrationSigned: boolean;
  /** Reminders only. */
  unsubscribe: string | null;
}

/** Plain-text paragraphs, and the same as HTML with links made clickable. */
function compose(subject: string, paragraphs: Array<string | { text: string; link: string }>): ComposedEmail {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.text} ${p.link}`)).join('\n\n');
  const html = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p>${escapeHtml(p.text)} <a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`,
    )
    .join('');
  return { subject, text: `${text}\n`, html };
}

const greeting = (c: MessageCandidate) => (c.recipientFirstName ? `Hello ${c.recipientFirstName},` : 'Hello,');
const memberName = (c: MessageCandidate) => `${c.firstName} ${c.lastName}`;

function renewalParagraphs(c: MessageCandidate, links: MessageLinks): Array<string | { text: string; link: string }> {
  if (!links.registration || !c.nextPeriodName) return [];
  return [
    { text: `Renew for ${c.nextPeriodName} here:`, link: links.registration },
    ...(links.registrationSigned ? [] : ['Please sign in through the club’s website first; the link then takes you to the registration.']),
    ...(c.nextClosesOn ? [`Registration is open until ${longDate(c.nextClosesOn)}.`] : []),
  ];
}

function unsubscribeParagraphs(c: MessageCandidate, links: MessageLinks): Array<string | { text: string; link: string }> {
  if (!links.unsubscribe) return [];
  return [
    {
      text: `You receive this reminder because ${memberName(c)} is a member of ${c.organisationName}. No more reminders for ${c.firstName}:`,
      link: links.unsubscribe,
    },
  ];
}

/** On activation: what the membership is, and that the card came with the confirmation. */
export function welcomeEmail(c: MessageCandidate): ComposedEmail {
  const renewal = c.memberType === 'renewal';
  return compose(renewal ? `${c.organisationName}: welcome back, ${c.firstName}` : `Welcome to ${c.organisationName}, ${c.firstName}`, [
    greeting(c),
    renewal
      ? `thank you for renewing: ${memberName(c)} stays a member of ${c.organisationName} for ${c.periodName}.`
      : `${memberName(c)} is now a member of ${c.organisationName} for ${c.periodName}. Welcome to the club!`,
    `Membership number: ${c.membershipNumber} (${c.membershipType}), valid until ${longDate(c.endsOn)}.`,
    'The membership card came with the payment confirmation as a PDF: print it or keep it on your phone. Its QR code lets the club check it at the door.',
    c.organisationName,
  ]);
}

/** Some weeks before the period ends, unless the member has registered for the next one. */
export function expiryReminderEmail(c: MessageCandidate, links: MessageLinks): ComposedEmail {
  const renewal = renewalParagraphs(c, links);
  return compose(`${c.organisationName}: ${c.firstName}'s membership ends on ${longDate(c.endsOn)}`, [
    greeting(c),
    `the membership of ${memberName(c)} (${c.membershipNumber}) in ${c.organisationName} for ${c.periodName} ends on ${longDate(c.endsOn)}.`,
    ...(renewal.length ? renewal : ['We will write again when registration for the next season opens.']),
    c.organisationName,
    ...unsubscribeParagraphs(c, links),
  ]);
}

/** When the next period's registration opens, to members of the current one who have not registered. */
export function renewalPromptEmail(c: MessageCandidate, links: MessageLinks): ComposedEmail {
  return compose(`${c.organisationName}: registration for ${c.nextPeriodName ?? 'the next season'} is open`, [
    greeting(c),
    `registration for ${c.nextPeriodName ?? 'the next season'} at ${c.organisationName} is open. ${memberName(c)} is a member for ${c.periodName} until ${longDate(c.endsOn)}.`,
    ...renewalParagraphs(c, links),
    c.organisationName,
    ...unsubscribeParagraphs(c, links),
  ]);
}
