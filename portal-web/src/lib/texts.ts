/**
 * Every text the portal shows, in one place, so that a translation is one new module of this
 * shape. Nothing else in src/ holds a user-visible sentence; formatting of numbers, money and dates
 * uses LOCALE from here too, so a translation changes both together.
 */

export const LOCALE = 'en-GB';

export type DeniedReason =
  | 'MISSING_VERIFICATION'
  | 'INVALID_VERIFICATION'
  | 'PERIOD_NOT_FOUND'
  | 'PERIOD_CLOSED'
  | 'REGISTRATION_NOT_OPEN'
  | 'REGISTRATION_ENDED'
  | 'FORBIDDEN'
  | 'SESSION_EXPIRED'
  | 'UNKNOWN';

export const texts = {
  app: {
    name: 'Membership registration',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    notFoundTitle: 'Page not found',
    notFoundBody: 'This page does not exist. To register for a membership, please use the link on your club’s website.',
  },

  club: {
    contactTitle: (club: string) => `Questions? Contact ${club}`,
    email: 'E-mail',
    phone: 'Phone',
    website: 'Club website',
  },

  verification: {
    checking: 'Checking your registration link…',
    unavailableTitle: 'The registration service cannot be reached',
    unavailableBody: 'We could not check your registration link just now. Please try again in a moment.',
    tryAgain: 'Try again',
    rateLimitedTitle: 'Please wait before trying again',
    /** The router's sign-in limit was reached (429); the wait comes from its Retry-After. */
    rateLimited: (minutes: number | null) =>
      minutes === null
        ? 'Too many sign-in attempts. Try again in a few minutes.'
        : `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  },

  denied: {
    title: 'Access denied',
    helpFooter: 'If you think this is a mistake, please contact your club.',
    reasons: {
      MISSING_VERIFICATION: 'This registration link is incomplete. Please open the registration again from your club’s website.',
      INVALID_VERIFICATION:
        'This registration link could not be verified. It may have been changed or it may have expired. Please open the registration again from your club’s website.',
      PERIOD_NOT_FOUND: 'This membership period does not exist or is no longer available.',
      PERIOD_CLOSED: 'This membership period is closed. Registrations are no longer accepted.',
      REGISTRATION_NOT_OPEN: 'Registration for this membership period has not opened yet. Please come back later.',
      REGISTRATION_ENDED: 'Registration for this membership period has ended.',
      FORBIDDEN: 'Your account is not authorised to register with this organisation.',
      SESSION_EXPIRED: 'Your session has ended. Please open the registration again from your club’s website.',
      UNKNOWN: 'You do not have access to this page. Please open the registration again from your club’s website.',
    } satisfies Record<DeniedReason, string>,
  },

  memberSignIn: {
    title: 'How would you like to register?',
    intro: 'Sign in to find your registrations again on any device, or continue without an account.',
    signInWith: (provider: string) => `Sign in with ${provider}`,
    continueAnonymously: 'Continue without an account',
    anonymousHint: 'You can sign in later: what you entered is kept.',
    anonymousFailed: 'We could not start your registration just now. Please try again in a moment.',
    checking: 'Checking how you can register…',
    problems: {
      failed: 'Signing in did not work. Please try again, or continue without an account.',
      cancelled: 'Signing in was cancelled.',
      expired: 'Signing in took too long. Please try again.',
      unavailable: 'The sign-in service cannot be reached just now. Please try again in a moment.',
    } as Record<string, string>,
    keepRegistration: 'Sign in to keep this registration',
    ownDetails: {
      title: 'About you',
      intro: 'Before you choose who to register, please tell us who you are.',
      firstName: 'First name',
      lastName: 'Last name',
      dateOfBirth: 'Date of birth',
      email: 'E-mail',
      save: 'Continue',
      required: (field: string) => `Please enter your ${field.toLowerCase()}.`,
      invalidEmail: 'Please enter an e-mail address such as name@example.org.',
      invalidDate: 'Please enter a date of birth that is not in the future.',
      refused: 'Please check your details: they could not be accepted.',
      failed: 'Your details could not be saved just now. Please try again.',
    },
  },

  form: {
    title: 'Register for membership',
    loadFailed: 'The registration form could not be loaded. Please try again.',
    retry: 'Try again',
    stepOf: (step: number, count: number) => `Step ${step} of ${count}`,
    next: 'Next',
    finish: 'Finish registration',
    back: 'Back',
    submitting: 'Saving…',
    submitFailedDefault: 'Your answers could not be saved. Please try again.',
    submitTimedOut: 'The server took too long to answer. Please try again.',
    showQuestionAgainIn: 'The question will be shown again in a few seconds.',
    conflictNotice: 'This registration was changed elsewhere (for example in another window). You now see its current step.',
    fixErrors: (count: number) => (count === 1 ? 'Please correct 1 problem below.' : `Please correct ${count} problems below.`),
    requiredHint: 'Required',
    optionalHint: 'Optional',
    formErrors: {
      STEP_CONFLICT: 'This registration was changed elsewhere. You now see its current step.',
      ANSWER_INVALID: 'Some answers are missing or not valid. Please check them and try again.',
      PERSON_NOT_LINKED: 'One of the selected persons is no longer linked to your account. Please reload the page.',
      NO_EARLIER_STEP: 'There is no earlier step to go back to.',
      NO_PERSONS: 'Please select at least one person.',
      // Rules of a refused order (FormError code ORDER_REFUSED).
      AGE_GROUP_NOT_OFFERED:
        'The chosen membership type is not available for the age of one of the persons. Please go back and choose another type.',
      MEMBERSHIP_TYPE_REQUIRED: 'Please go back and choose a membership type for everyone.',
      MEMBERSHIP_TYPE_UNKNOWN: 'A chosen membership type is no longer offered. Please go back and choose another type.',
      REGISTRATION_CLOSED: 'Registration for this membership period is closed.',
      ANSWER_REQUIRED: 'Please answer the question for everyone shown.',
      ITC_ALL_MUST_AGREE: 'Everyone must agree before you can continue.',
      ONE_AT_LEAST_ONE: 'Please tick the box for at least one person.',
      NO_PERSON_SELECTED: 'Please select at least one person.',
      PROCESS_NOT_FOUND: 'This registration no longer exists. Please reload the page.',
      ILLEGAL_PROCESS_TRANSITION: 'This registration cannot continue from its current state. Please reload the page.',
    } as Readonly<Record<string, string>>,
  },

  resume: {
    title: 'Continue your registration?',
    body: (step: number, count: number) =>
      `You already started this registration and reached step ${step} of ${count}. You can continue where you left off or start again.`,
    resumeBody: 'You already started this registration. You can continue where you left off or start again.',
    resume: 'Resume',
    startFresh: 'Start fresh',
    startFreshNote: 'Starting fresh clears the answers you gave before.',
  },

  people: {
    title: 'Who do you want to register?',
    intro: 'Select the persons to register for this membership period.',
    legend: 'Persons',
    dateOfBirth: 'Date of birth',
    dateOfBirthUnknown: 'Date of birth not known',
    status: {
      Available: 'Available',
      Registered: 'Registered',
      'Pending Payment': 'Pending Payment',
    } as Readonly<Record<string, string>>,
    whyDisabled: {
      Registered: 'Already has an active membership for this period.',
      'Pending Payment': 'Already registered; the payment is still open.',
      other: 'Cannot be selected.',
    },
    /** The overview when nobody can be selected: no step count, no Next (issue 23, problem 3). */
    allRegisteredTitle: 'Everyone is registered',
    allRegisteredBody: 'Everyone linked to your account is registered for this period or has a registration awaiting payment.',
    awaitingPaymentTitle: 'Awaiting payment',
    awaitingPaymentIntro: 'These registrations are saved; the memberships become active once they are paid.',
    payFor: (names: string, amount: string) => `Pay ${amount} for ${names}`,
    orderReference: 'Payment reference',
    selectAtLeastOne: 'Please select at least one person.',
    nobody: 'No persons are linked to your account.',
  },

  question: {
    answerFor: (name: string) => `Answer for ${name}`,
    agree: 'I agree',
    agreeFor: (name: string) => `${name}: I agree`,
    /** A minor's consent is given by the adult registering them (issue 23, problem 7). */
    agreeOnBehalfOf: (name: string) => `As parent or guardian, I agree on behalf of ${name}`,
    readTerms: 'Read the terms and conditions',
    optionWithPrice: (label: string, price: string) => `${label} – ${price}`,
    optionNotAvailable: (label: string) => `${label} (not available)`,
    optionPrice: (amount: string, per: string) =>
      per === 'order' ? `${amount} once for the whole registration, however many are ticked.` : `${amount} for each person ticked.`,
    notAvailable: 'Not available.',
    opensInNewTab: '(opens in a new tab)',
    numberRange: (min: number, max: number | null) => (max === null ? `A number of at least ${min}.` : `A number from ${min} to ${max}.`),
    choose: 'Choose…',
    noOptions: 'No choices are available for this question.',
    everyoneMustAgree: 'Everyone must tick “I agree”.',
    atLeastOne: 'Tick the box for at least one person.',
    errors: {
      ANSWER_REQUIRED: (name: string) => `Please give an answer for ${name}.`,
      ITC_ALL_MUST_AGREE: (name: string) => `${name} must agree before you can continue.`,
      ONE_AT_LEAST_ONE: () => 'Please tick the box for at least one person.',
      NUM_NOT_A_FINITE_NUMBER: (name: string) => `Please enter a number for ${name}.`,
      NUM_OUT_OF_RANGE: (name: string) => `The number for ${name} is outside the allowed range.`,
      ANSWER_TOO_LONG: (name: string, max: number) => `The answer for ${name} is too long (at most ${max} characters).`,
      FLAG_NOT_0_OR_1: (name: string) => `Please tick or untick the box for ${name}.`,
      DUPLICATE_PERSON: (name: string) => `${name} is listed twice.`,
    },
  },

  review: {
    totalSoFar: 'Total so far',
    title: 'Check your registration',
    intro: 'This is what the registration costs as answered. Change anything before you finish.',
    change: 'Change',
    changeLine: (line: string, person: string | null) => (person ? `Change: ${line} for ${person}` : `Change: ${line}`),
  },

  completion: {
    title: 'Almost done: payment',
    intro: 'Your registration is saved. The memberships become active as soon as the payment is received.',
    priceTitle: 'Price',
    lineFor: (name: string) => `for ${name}`,
    total: 'Total',
    redirectNotice: (seconds: number) =>
      seconds === 1 ? 'You will be taken to the payment page in 1 second.' : `You will be taken to the payment page in ${seconds} seconds.`,
    redirecting: 'Taking you to the payment page…',
    redirectStopped: 'Automatic redirect stopped. Use the button to pay when you are ready.',
    payNow: 'Pay now',
    stayHere: 'Stay on this page',
    changeAnswers: 'Change answers',
    changeAnswersNote: 'Your payment reference stays the same unless your changes change the price.',
    manualTitle: 'Prefer to pay by bank transfer?',
    manualBody: 'Transfer the total amount and use this payment reference, so we can match your payment:',
    reference: 'Payment reference',
    doneTitle: 'Registration received',
    doneIntro: 'Your registration is saved. Please pay the total by bank transfer with the payment reference below.',
    completedTitle: 'Registration complete',
    completedBody: 'This registration is complete and paid. Thank you!',
    cancelledTitle: 'Registration cancelled',
    cancelledBody: 'This registration was cancelled.',
    startAgain: 'Start a new registration',
  },

  payment: {
    title: 'Payment',
    checking: 'Checking the payment…',
    missingReference: 'This page needs a payment reference. Please use the link from the payment page.',
    notFound: 'We could not find this payment. If you were charged, please contact your club with your payment reference.',
    loadFailed: 'The payment status could not be loaded. Please try again.',
    retry: 'Try again',
    successTitle: 'Payment received – welcome!',
    successBody: 'Your membership is active. A confirmation has been sent by email.',
    membershipsCaption: 'Membership numbers',
    person: 'Person',
    membershipNumber: 'Membership number',
    numberPending: 'Being assigned',
    membershipCard: 'Membership card',
    downloadCard: 'Download (PDF)',
    failedTitle: 'The payment did not go through',
    failedBody: 'The payment was not completed. You can try it again.',
    retryPayment: 'Try the payment again',
    cancelledTitle: 'Payment cancelled',
    cancelledBody: 'You cancelled the payment. Your registration and its order are kept: you can pay now or later with the same link.',
    backToRegistration: 'Back to the registration',
    pendingTitle: 'Waiting for the payment to be confirmed',
    pendingBody: 'This usually takes only a few seconds. This page updates by itself.',
    unpaidTitle: 'This order is not paid yet',
    unpaidBody: 'No payment has been received for this order yet.',
    payNow: 'Pay now',
    orderCancelledTitle: 'Order cancelled',
    orderCancelledBody: 'This order was cancelled. No payment is due.',
    reference: 'Payment reference',
  },

  notice: {
    error: 'Error',
    info: 'Notice',
  },
} as const;

/** Texts for an access-denied reason, as the view shows them. */
export function deniedMessage(reason: DeniedReason): string {
  return texts.denied.reasons[reason];
}
