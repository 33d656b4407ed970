/**
 * GraphQL types, generated (STYLE: "GraphQL types are generated"): resolver types from each
 * subgraph's SDL, typed documents for the portal against the supergraph's API schema.
 *
 *   npm run codegen          regenerate
 *   npm run codegen:check    fail when a checked-in generated file is stale (part of `npm test`)
 *
 * The generated files are checked in, skipped by prettier and eslint, and never edited by hand.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Supergraph } from '@apollo/federation-internals';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';

const root = __dirname;

/** What clients can query: the supergraph without its join/link machinery (as the router serves it). */
const apiSchema = printSchema(
  Supergraph.build(readFileSync(path.join(root, 'schema', 'supergraph.graphql'), 'utf8'))
    .apiSchema()
    .toGraphQLJSSchema(),
);

/** Options every subgraph shares: federation-aware resolver types whose parents are what the resolvers return. */
function subgraph(name: 'membership' | 'forms' | 'imports', contextType: string, mappers: Record<string, string> = {}) {
  return {
    [`subgraphs/${name}/src/resolvers/types.generated.ts`]: {
      schema: `subgraphs/${name}/schema.graphql`,
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        federation: true,
        contextType: `../context#${contextType}`,
        mappers,
        useTypeImports: true,
        enumsAsTypes: true,
        // Rows carry numeric ids; GraphQL serialises them as strings.
        scalars: { ID: { input: 'string', output: 'string | number' } },
        // Union members carry their __typename, so `__resolveType` reads it.
        resolversNonOptionalTypename: { unionMember: true },
      },
    },
  };
}

// Mappers: the row or view a resolver returns for a GraphQL type, where it differs from the
// GraphQL shape (numeric ids, lower-case enums, foreign keys instead of objects).
const config: CodegenConfig = {
  overwrite: true,
  generates: {
    ...subgraph('membership', 'MembershipContext', {
      Order: '../data/orders#OrderRow',
      OrderLine: '../data/orders#OrderLineRow',
      Membership: '../data/memberships#MembershipRow',
      Email: '../data/emails#EmailRow',
      Person: '../data/directory#PersonRow',
      Organisation: '../data/directory#OrganisationRow',
      MembershipPeriod: '../domain/registration/period#MembershipPeriodView',
      PaymentReturn: '../domain/payments/paymentReturn#PaymentReturnView',
      Viewer: './parents#ViewerParent',
      RegistrationSystem: './parents#RegistrationSystemParent',
      OrgUser: './parents#OrgUserParent',
      LinkedPerson: './parents#LinkedPersonParent',
      Event: '../domain/events/types#OperatorEvent',
      EventCategory: '../domain/events/types#CategoryRef',
      Participant: '../data/participants#ParticipantRow',
      ParticipantConnection: '../domain/events/participantPage#ParticipantPage',
      ParticipantEdge: '../domain/events/participantPage#ParticipantEdgeView',
      ResultSet: '../data/results#ResultSetRow',
      Result: '../data/results#ResultRow',
      ResultConnection: '../domain/events/resultPage#ResultPage',
      ResultEdge: '../domain/events/resultPage#ResultEdgeView',
      PartnerView: '../domain/partner/reader#PartnerReader',
      MembershipType: '../data/periods#MembershipTypeRow',
      Member: '../data/partnerMembers#MemberRow',
      MemberMembership: '../data/partnerMembers#MemberMembershipRow',
      HouseholdLink: '../data/partnerMembers#HouseholdLinkRow',
      PartnerOrder: '../data/partnerOrders#PartnerOrderRow',
      PartnerOrderLine: '../data/partnerOrders#PartnerOrderLineRow',
      PartnerEvent: '../data/partnerEvents#PartnerEventRow',
      PartnerParticipant: '../data/partnerEvents#PartnerParticipantRow',
      PartnerResultSet: '../data/results#ResultSetRow',
      PartnerResult: '../data/results#ResultRow',
      PartnerResultConnection: '../domain/events/resultPage#ResultPage',
      PartnerResultEdge: '../domain/events/resultPage#ResultEdgeView',
      AuditLogEntry: '../data/auditLog#AuditEntryRow',
      AuditLogPage: '../domain/audit/auditLogView#AuditLogPageView',
      OperatorMemberPage: '../domain/operator/members#OperatorMemberPageView',
      OperatorMember: '../data/operatorMembers#OperatorMemberRow',
      OperatorPerson: '../domain/operator/members#OperatorPersonView',
      HouseholdMember: '../data/operatorMembers#HouseholdRow',
      OperatorOrder: '../domain/operator/orders#OperatorOrderView',
      OperatorPayment: '../data/operatorOrders#OrderPaymentRow',
      PaymentProviderEvent: '../data/operatorOrders#PaymentEventRow',
      MergeCandidate: '../domain/operator/mergeCandidates#MergeCandidateView',
      PersonToReview: '../data/personMerge#PersonSideRow',
      HandoffAttempt: '../data/handoffTrail#HandoffAttemptRow',
      OperatorPeriod: '../domain/operator/periods#OperatorPeriodView',
      PartnerApiKey: '../domain/apiKeys#ApiKeySummary',
      PricePreview: '../domain/pricing#Quote',
      PricePreviewLine: '../domain/pricing#OrderLine as PricingOrderLine',
    }),
    ...subgraph('forms', 'FormsContext', {
      Form: '../domain/types#FormView',
    }),
    ...subgraph('imports', 'ImportsContext', {
      ImportJob: '../domain/jobView#JobView',
      PartnerImportJob: '../domain/jobView#JobView',
      ImportUndo: '../domain/undo/jobUndo#ImportUndoParent',
      SourceSystem: '../data/sourceSystems#SourceSystemRecord',
    }),
    // Every `graphql(...)` document under portal-web/src is validated against the API schema here:
    // an unknown field or a missing fragment fails `codegen` and `codegen:check`.
    'portal-web/src/graphql/generated/': {
      schema: apiSchema,
      documents: [
        'portal-web/src/**/*.{ts,tsx}',
        '!portal-web/src/graphql/generated/**',
        '!portal-web/src/**/*.test.ts',
        '!portal-web/src/admin/**',
      ],
      preset: 'client',
      // Components receive plain fragment data (typed by their fragment); no masking helpers.
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true },
        skipTypename: true,
        // The portal sends and reads ids as strings.
        scalars: { ID: 'string' },
      },
    },
    // The admin portal's documents, generated apart: a bundle's `graphql()` holds every document
    // of its generated folder, so the member portal's must not hold the operators'.
    'portal-web/src/admin/graphql/generated/': {
      schema: apiSchema,
      documents: ['portal-web/src/admin/**/*.{ts,tsx}', '!portal-web/src/admin/graphql/generated/**', '!portal-web/src/**/*.test.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: { field: true }, skipTypename: true, scalars: { ID: 'string' } },
    },
  },
};

export default config;
