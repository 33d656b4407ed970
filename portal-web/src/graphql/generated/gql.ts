/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query OpenOrders($periodId: Int!) {\n    viewer {\n      openOrders(periodId: $periodId) {\n        id\n        reference\n        currency\n        totalMinor\n        paymentUrl\n        memberships {\n          id\n          person {\n            id\n            firstName\n            lastName\n          }\n        }\n      }\n    }\n  }\n": typeof types.OpenOrdersDocument,
    "\n  query ClubOfPeriod($periodId: Int!) {\n    membershipPeriod(id: $periodId) {\n      id\n      name\n      organisation {\n        id\n        name\n        logoUrl\n        contactEmail\n        contactPhone\n        websiteUrl\n      }\n    }\n  }\n": typeof types.ClubOfPeriodDocument,
    "\n  fragment Completion_form on Form {\n    paymentUrl\n    order {\n      ...OrderSummary_order\n    }\n  }\n": typeof types.Completion_FormFragmentDoc,
    "\n  fragment FormStep_form on Form {\n    processId\n    step\n    stepCount\n    processState\n    canGoBack\n    estimate {\n      currency\n      totalMinor\n      lines {\n        personId\n        kind\n        description\n        amountMinor\n        step\n      }\n    }\n    ...ResumeChoice_form\n    ...PersonOverview_form\n    ...QuestionStep_form\n    ...Completion_form\n  }\n": typeof types.FormStep_FormFragmentDoc,
    "\n  fragment MembershipNumbers_order on Order {\n    memberships {\n      id\n      status\n      membershipNumber\n      cardUrl\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n": typeof types.MembershipNumbers_OrderFragmentDoc,
    "\n  fragment OrderSummary_order on Order {\n    id\n    reference\n    currency\n    totalMinor\n    lines {\n      kind\n      description\n      amountMinor\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n": typeof types.OrderSummary_OrderFragmentDoc,
    "\n  fragment PersonOverview_form on Form {\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      status\n      canSelect\n      selected\n    }\n  }\n": typeof types.PersonOverview_FormFragmentDoc,
    "\n  fragment QuestionStep_form on Form {\n    question\n    questionType\n    required\n    options {\n      value\n      label\n      currency\n      persons {\n        personId\n        priceMinor\n        available\n        reason\n      }\n    }\n    numberRange {\n      min\n      max\n    }\n    termsUrl\n    optionPrice {\n      currency\n      amountMinor\n      per\n    }\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      answer\n      hide\n    }\n  }\n": typeof types.QuestionStep_FormFragmentDoc,
    "\n  fragment ResumeChoice_form on Form {\n    step\n    stepCount\n    processState\n  }\n": typeof types.ResumeChoice_FormFragmentDoc,
    "\n  mutation SubmitFormStep($input: SubmitFormStepInput!) {\n    submitFormStep(input: $input) {\n      ...FormResult_result\n    }\n  }\n": typeof types.SubmitFormStepDocument,
    "\n  mutation BackFormStep($processId: ID!, $step: Int!) {\n    backFormStep(processId: $processId, step: $step) {\n      ...FormResult_result\n    }\n  }\n": typeof types.BackFormStepDocument,
    "\n  mutation ResetProcess($processId: ID!) {\n    resetProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n": typeof types.ResetProcessDocument,
    "\n  mutation ResumeProcess($processId: ID!) {\n    resumeProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n": typeof types.ResumeProcessDocument,
    "\n  fragment FormResult_result on FormResult {\n    __typename\n    ... on Form {\n      ...FormStep_form\n    }\n    ... on FormError {\n      code\n      message\n      rule\n      personId\n      current {\n        ...FormStep_form\n      }\n    }\n  }\n": typeof types.FormResult_ResultFragmentDoc,
    "\n  query PaymentReturn($reference: String!, $transactionId: String) {\n    paymentReturn(reference: $reference, transactionId: $transactionId) {\n      paymentStatus\n      periodId\n      order {\n        id\n        status\n        reference\n        paymentUrl\n        ...OrderSummary_order\n        ...MembershipNumbers_order\n      }\n    }\n  }\n": typeof types.PaymentReturnDocument,
    "\n  query MembershipForm($periodId: Int!) {\n    membershipForm(periodId: $periodId) {\n      ...FormResult_result\n    }\n  }\n": typeof types.MembershipFormDocument,
};
const documents: Documents = {
    "\n  query OpenOrders($periodId: Int!) {\n    viewer {\n      openOrders(periodId: $periodId) {\n        id\n        reference\n        currency\n        totalMinor\n        paymentUrl\n        memberships {\n          id\n          person {\n            id\n            firstName\n            lastName\n          }\n        }\n      }\n    }\n  }\n": types.OpenOrdersDocument,
    "\n  query ClubOfPeriod($periodId: Int!) {\n    membershipPeriod(id: $periodId) {\n      id\n      name\n      organisation {\n        id\n        name\n        logoUrl\n        contactEmail\n        contactPhone\n        websiteUrl\n      }\n    }\n  }\n": types.ClubOfPeriodDocument,
    "\n  fragment Completion_form on Form {\n    paymentUrl\n    order {\n      ...OrderSummary_order\n    }\n  }\n": types.Completion_FormFragmentDoc,
    "\n  fragment FormStep_form on Form {\n    processId\n    step\n    stepCount\n    processState\n    canGoBack\n    estimate {\n      currency\n      totalMinor\n      lines {\n        personId\n        kind\n        description\n        amountMinor\n        step\n      }\n    }\n    ...ResumeChoice_form\n    ...PersonOverview_form\n    ...QuestionStep_form\n    ...Completion_form\n  }\n": types.FormStep_FormFragmentDoc,
    "\n  fragment MembershipNumbers_order on Order {\n    memberships {\n      id\n      status\n      membershipNumber\n      cardUrl\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n": types.MembershipNumbers_OrderFragmentDoc,
    "\n  fragment OrderSummary_order on Order {\n    id\n    reference\n    currency\n    totalMinor\n    lines {\n      kind\n      description\n      amountMinor\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n": types.OrderSummary_OrderFragmentDoc,
    "\n  fragment PersonOverview_form on Form {\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      status\n      canSelect\n      selected\n    }\n  }\n": types.PersonOverview_FormFragmentDoc,
    "\n  fragment QuestionStep_form on Form {\n    question\n    questionType\n    required\n    options {\n      value\n      label\n      currency\n      persons {\n        personId\n        priceMinor\n        available\n        reason\n      }\n    }\n    numberRange {\n      min\n      max\n    }\n    termsUrl\n    optionPrice {\n      currency\n      amountMinor\n      per\n    }\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      answer\n      hide\n    }\n  }\n": types.QuestionStep_FormFragmentDoc,
    "\n  fragment ResumeChoice_form on Form {\n    step\n    stepCount\n    processState\n  }\n": types.ResumeChoice_FormFragmentDoc,
    "\n  mutation SubmitFormStep($input: SubmitFormStepInput!) {\n    submitFormStep(input: $input) {\n      ...FormResult_result\n    }\n  }\n": types.SubmitFormStepDocument,
    "\n  mutation BackFormStep($processId: ID!, $step: Int!) {\n    backFormStep(processId: $processId, step: $step) {\n      ...FormResult_result\n    }\n  }\n": types.BackFormStepDocument,
    "\n  mutation ResetProcess($processId: ID!) {\n    resetProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n": types.ResetProcessDocument,
    "\n  mutation ResumeProcess($processId: ID!) {\n    resumeProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n": types.ResumeProcessDocument,
    "\n  fragment FormResult_result on FormResult {\n    __typename\n    ... on Form {\n      ...FormStep_form\n    }\n    ... on FormError {\n      code\n      message\n      rule\n      personId\n      current {\n        ...FormStep_form\n      }\n    }\n  }\n": types.FormResult_ResultFragmentDoc,
    "\n  query PaymentReturn($reference: String!, $transactionId: String) {\n    paymentReturn(reference: $reference, transactionId: $transactionId) {\n      paymentStatus\n      periodId\n      order {\n        id\n        status\n        reference\n        paymentUrl\n        ...OrderSummary_order\n        ...MembershipNumbers_order\n      }\n    }\n  }\n": types.PaymentReturnDocument,
    "\n  query MembershipForm($periodId: Int!) {\n    membershipForm(periodId: $periodId) {\n      ...FormResult_result\n    }\n  }\n": types.MembershipFormDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OpenOrders($periodId: Int!) {\n    viewer {\n      openOrders(periodId: $periodId) {\n        id\n        reference\n        currency\n        totalMinor\n        paymentUrl\n        memberships {\n          id\n          person {\n            id\n            firstName\n            lastName\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query OpenOrders($periodId: Int!) {\n    viewer {\n      openOrders(periodId: $periodId) {\n        id\n        reference\n        currency\n        totalMinor\n        paymentUrl\n        memberships {\n          id\n          person {\n            id\n            firstName\n            lastName\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClubOfPeriod($periodId: Int!) {\n    membershipPeriod(id: $periodId) {\n      id\n      name\n      organisation {\n        id\n        name\n        logoUrl\n        contactEmail\n        contactPhone\n        websiteUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClubOfPeriod($periodId: Int!) {\n    membershipPeriod(id: $periodId) {\n      id\n      name\n      organisation {\n        id\n        name\n        logoUrl\n        contactEmail\n        contactPhone\n        websiteUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment Completion_form on Form {\n    paymentUrl\n    order {\n      ...OrderSummary_order\n    }\n  }\n"): (typeof documents)["\n  fragment Completion_form on Form {\n    paymentUrl\n    order {\n      ...OrderSummary_order\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FormStep_form on Form {\n    processId\n    step\n    stepCount\n    processState\n    canGoBack\n    estimate {\n      currency\n      totalMinor\n      lines {\n        personId\n        kind\n        description\n        amountMinor\n        step\n      }\n    }\n    ...ResumeChoice_form\n    ...PersonOverview_form\n    ...QuestionStep_form\n    ...Completion_form\n  }\n"): (typeof documents)["\n  fragment FormStep_form on Form {\n    processId\n    step\n    stepCount\n    processState\n    canGoBack\n    estimate {\n      currency\n      totalMinor\n      lines {\n        personId\n        kind\n        description\n        amountMinor\n        step\n      }\n    }\n    ...ResumeChoice_form\n    ...PersonOverview_form\n    ...QuestionStep_form\n    ...Completion_form\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MembershipNumbers_order on Order {\n    memberships {\n      id\n      status\n      membershipNumber\n      cardUrl\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment MembershipNumbers_order on Order {\n    memberships {\n      id\n      status\n      membershipNumber\n      cardUrl\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrderSummary_order on Order {\n    id\n    reference\n    currency\n    totalMinor\n    lines {\n      kind\n      description\n      amountMinor\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment OrderSummary_order on Order {\n    id\n    reference\n    currency\n    totalMinor\n    lines {\n      kind\n      description\n      amountMinor\n      person {\n        id\n        firstName\n        lastName\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PersonOverview_form on Form {\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      status\n      canSelect\n      selected\n    }\n  }\n"): (typeof documents)["\n  fragment PersonOverview_form on Form {\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      status\n      canSelect\n      selected\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment QuestionStep_form on Form {\n    question\n    questionType\n    required\n    options {\n      value\n      label\n      currency\n      persons {\n        personId\n        priceMinor\n        available\n        reason\n      }\n    }\n    numberRange {\n      min\n      max\n    }\n    termsUrl\n    optionPrice {\n      currency\n      amountMinor\n      per\n    }\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      answer\n      hide\n    }\n  }\n"): (typeof documents)["\n  fragment QuestionStep_form on Form {\n    question\n    questionType\n    required\n    options {\n      value\n      label\n      currency\n      persons {\n        personId\n        priceMinor\n        available\n        reason\n      }\n    }\n    numberRange {\n      min\n      max\n    }\n    termsUrl\n    optionPrice {\n      currency\n      amountMinor\n      per\n    }\n    people {\n      id\n      firstName\n      lastName\n      dateOfBirth\n      answer\n      hide\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ResumeChoice_form on Form {\n    step\n    stepCount\n    processState\n  }\n"): (typeof documents)["\n  fragment ResumeChoice_form on Form {\n    step\n    stepCount\n    processState\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitFormStep($input: SubmitFormStepInput!) {\n    submitFormStep(input: $input) {\n      ...FormResult_result\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitFormStep($input: SubmitFormStepInput!) {\n    submitFormStep(input: $input) {\n      ...FormResult_result\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BackFormStep($processId: ID!, $step: Int!) {\n    backFormStep(processId: $processId, step: $step) {\n      ...FormResult_result\n    }\n  }\n"): (typeof documents)["\n  mutation BackFormStep($processId: ID!, $step: Int!) {\n    backFormStep(processId: $processId, step: $step) {\n      ...FormResult_result\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetProcess($processId: ID!) {\n    resetProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n"): (typeof documents)["\n  mutation ResetProcess($processId: ID!) {\n    resetProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeProcess($processId: ID!) {\n    resumeProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeProcess($processId: ID!) {\n    resumeProcess(processId: $processId) {\n      ...FormResult_result\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment FormResult_result on FormResult {\n    __typename\n    ... on Form {\n      ...FormStep_form\n    }\n    ... on FormError {\n      code\n      message\n      rule\n      personId\n      current {\n        ...FormStep_form\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment FormResult_result on FormResult {\n    __typename\n    ... on Form {\n      ...FormStep_form\n    }\n    ... on FormError {\n      code\n      message\n      rule\n      personId\n      current {\n        ...FormStep_form\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentReturn($reference: String!, $transactionId: String) {\n    paymentReturn(reference: $reference, transactionId: $transactionId) {\n      paymentStatus\n      periodId\n      order {\n        id\n        status\n        reference\n        paymentUrl\n        ...OrderSummary_order\n        ...MembershipNumbers_order\n      }\n    }\n  }\n"): (typeof documents)["\n  query PaymentReturn($reference: String!, $transactionId: String) {\n    paymentReturn(reference: $reference, transactionId: $transactionId) {\n      paymentStatus\n      periodId\n      order {\n        id\n        status\n        reference\n        paymentUrl\n        ...OrderSummary_order\n        ...MembershipNumbers_order\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MembershipForm($periodId: Int!) {\n    membershipForm(periodId: $periodId) {\n      ...FormResult_result\n    }\n  }\n"): (typeof documents)["\n  query MembershipForm($periodId: Int!) {\n    membershipForm(periodId: $periodId) {\n      ...FormResult_result\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;