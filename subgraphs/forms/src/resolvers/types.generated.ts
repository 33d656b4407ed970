import type { GraphQLResolveInfo } from 'graphql';
import type { FormView } from '../domain/types';
import type { FormsContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string | number; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  _FieldSet: { input: unknown; output: unknown; }
};

/** The contract's FormDTO, plus stepCount, canGoBack and the order. */
export type Form = {
  __typename?: 'Form';
  canGoBack: Scalars['Boolean']['output'];
  /** While answering, after the membership type question: what the order would cost as answered so far (the running total); null before, or when it cannot be priced. */
  estimate?: Maybe<FormEstimate>;
  /** On a NUM question: the range an answer must keep (the minimum is 0 unless the step sets its own); null on other steps. */
  numberRange?: Maybe<NumberRange>;
  /** On the question of a priced option (insurance, magazine): what ticking it costs; null elsewhere. */
  optionPrice?: Maybe<FormOptionPrice>;
  options?: Maybe<Array<FormOption>>;
  order?: Maybe<Order>;
  paymentUrl?: Maybe<Scalars['String']['output']>;
  people: Array<FormPerson>;
  processId: Scalars['ID']['output'];
  processState: ProcessState;
  question?: Maybe<Scalars['String']['output']>;
  questionType?: Maybe<QuestionType>;
  required: Scalars['Boolean']['output'];
  step: Scalars['Int']['output'];
  stepCount: Scalars['Int']['output'];
  /** On an ITC question: the period's terms and conditions the persons accept (null: none published, or another step). */
  termsUrl?: Maybe<Scalars['String']['output']>;
};

export type FormAnswerInput = {
  answer?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['Int']['input'];
};

export type FormError = {
  __typename?: 'FormError';
  /** Stable code, e.g. ANSWER_INVALID, STEP_CONFLICT, PERIOD_CLOSED (docs/forms-api.md). */
  code: Scalars['String']['output'];
  /** For conflicts: the form as it stands. */
  current?: Maybe<Form>;
  message: Scalars['String']['output'];
  /** For refused answers: the person the rule is about (null: the step as a whole). */
  personId?: Maybe<Scalars['Int']['output']>;
  /** For refused answers: the rule that refused them. */
  rule?: Maybe<Scalars['String']['output']>;
};

export type FormEstimate = {
  __typename?: 'FormEstimate';
  currency: Scalars['String']['output'];
  lines: Array<FormEstimateLine>;
  totalMinor: Scalars['Int']['output'];
};

export type FormEstimateLine = {
  __typename?: 'FormEstimateLine';
  amountMinor: Scalars['Int']['output'];
  description: Scalars['String']['output'];
  kind: Scalars['String']['output'];
  /** Null for a line of the whole order. */
  personId?: Maybe<Scalars['Int']['output']>;
  /** The step whose answer this line comes from (the review's change link); null for lines no answer changes. */
  step?: Maybe<Scalars['Int']['output']>;
};

export type FormOption = {
  __typename?: 'FormOption';
  /** ISO 4217 code of the prices in persons (set when they are). */
  currency?: Maybe<Scalars['String']['output']>;
  label: Scalars['String']['output'];
  /** The membership type question: for each person answering it, the price and whether they may choose it (docs/forms-api.md, options). */
  persons?: Maybe<Array<FormOptionPerson>>;
  value: Scalars['String']['output'];
};

export type FormOptionPerson = {
  __typename?: 'FormOptionPerson';
  available: Scalars['Boolean']['output'];
  personId: Scalars['Int']['output'];
  /** What the option costs this person, in minor units; null when not available. */
  priceMinor?: Maybe<Scalars['Int']['output']>;
  /** Why not, a sentence naming the person; null when available. */
  reason?: Maybe<Scalars['String']['output']>;
};

export type FormOptionPrice = {
  __typename?: 'FormOptionPrice';
  amountMinor: Scalars['Int']['output'];
  currency: Scalars['String']['output'];
  /** person or order. */
  per: Scalars['String']['output'];
};

/** The contract's FormPersonDTO. */
export type FormPerson = {
  __typename?: 'FormPerson';
  answer?: Maybe<Scalars['String']['output']>;
  canSelect: Scalars['Boolean']['output'];
  /** ISO 8601 date, YYYY-MM-DD. */
  dateOfBirth?: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  hide: Scalars['Boolean']['output'];
  id: Scalars['Int']['output'];
  lastName: Scalars['String']['output'];
  selected: Scalars['Boolean']['output'];
  /** Available, Registered or Pending Payment. */
  status: Scalars['String']['output'];
};

/** The form, or why the request was refused (expected failures are values, not errors). */
export type FormResult = Form | FormError;

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * One step back, answers kept. step: the step the client shows, as the REST back's optional
   * { step }; any other step is refused with STEP_CONFLICT and the current form (a double click
   * goes back once). Without it, back from wherever the process is.
   */
  backFormStep: FormResult;
  /** Start fresh at the person overview; an unpaid order of the process is cancelled. */
  resetProcess: FormResult;
  /** Continue at the current step. */
  resumeProcess: FormResult;
  /** Answers the current step (the person overview: the selected persons) and moves on, or completes after the last. */
  submitFormStep: FormResult;
};


export type MutationBackFormStepArgs = {
  processId: Scalars['ID']['input'];
  step?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationResetProcessArgs = {
  processId: Scalars['ID']['input'];
};


export type MutationResumeProcessArgs = {
  processId: Scalars['ID']['input'];
};


export type MutationSubmitFormStepArgs = {
  input: SubmitFormStepInput;
};

export type NumberRange = {
  __typename?: 'NumberRange';
  /** Null: no upper bound. */
  max?: Maybe<Scalars['Float']['output']>;
  min: Scalars['Float']['output'];
};

/** An order (owned by membership); forms only knows its id. */
export type Order = {
  __typename?: 'Order';
  id: Scalars['ID']['output'];
};

export type ProcessState =
  | 'CANCELLED'
  | 'COMPLETED'
  | 'DONE'
  | 'NONE'
  | 'PENDING_PAYMENT'
  | 'RESUME'
  | 'RUNNING'
  | 'SUSPENDED';

export type Query = {
  __typename?: 'Query';
  formsHealth: ServiceHealth;
  /** The signed-in user's registration form for a membership period; created at step 1 when none is open. */
  membershipForm: FormResult;
};


export type QueryMembershipFormArgs = {
  periodId: Scalars['Int']['input'];
};

export type QuestionType =
  | 'BCB'
  | 'DRP'
  | 'ITC'
  | 'NUM'
  | 'ONE'
  | 'RDO'
  | 'SEL'
  | 'TXT';

/** Health of one subgraph; each subgraph answers its own field. */
export type ServiceHealth = {
  __typename?: 'ServiceHealth';
  service: Scalars['String']['output'];
  status: Scalars['String']['output'];
};

export type SubmitFormStepInput = {
  people: Array<FormAnswerInput>;
  processId: Scalars['ID']['input'];
  /** The current step, sent back unchanged; any other step is refused with the current form. */
  step: Scalars['Int']['input'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;



/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = {
  FormResult:
    | ( FormView & { __typename: 'Form' } )
    | ( Omit<FormError, 'current'> & { current?: Maybe<_RefType['Form']> } & { __typename: 'FormError' } )
  ;
};


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Form: ResolverTypeWrapper<FormView>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  FormAnswerInput: FormAnswerInput;
  FormError: ResolverTypeWrapper<Omit<FormError, 'current'> & { current?: Maybe<ResolversTypes['Form']> }>;
  FormEstimate: ResolverTypeWrapper<FormEstimate>;
  FormEstimateLine: ResolverTypeWrapper<FormEstimateLine>;
  FormOption: ResolverTypeWrapper<FormOption>;
  FormOptionPerson: ResolverTypeWrapper<FormOptionPerson>;
  FormOptionPrice: ResolverTypeWrapper<FormOptionPrice>;
  FormPerson: ResolverTypeWrapper<FormPerson>;
  FormResult: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['FormResult']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NumberRange: ResolverTypeWrapper<NumberRange>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Order: ResolverTypeWrapper<Order>;
  ProcessState: ProcessState;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  QuestionType: QuestionType;
  ServiceHealth: ResolverTypeWrapper<ServiceHealth>;
  SubmitFormStepInput: SubmitFormStepInput;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Form: FormView;
  Boolean: Scalars['Boolean']['output'];
  String: Scalars['String']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  FormAnswerInput: FormAnswerInput;
  FormError: Omit<FormError, 'current'> & { current?: Maybe<ResolversParentTypes['Form']> };
  FormEstimate: FormEstimate;
  FormEstimateLine: FormEstimateLine;
  FormOption: FormOption;
  FormOptionPerson: FormOptionPerson;
  FormOptionPrice: FormOptionPrice;
  FormPerson: FormPerson;
  FormResult: ResolversUnionTypes<ResolversParentTypes>['FormResult'];
  Mutation: Record<PropertyKey, never>;
  NumberRange: NumberRange;
  Float: Scalars['Float']['output'];
  Order: Order;
  Query: Record<PropertyKey, never>;
  ServiceHealth: ServiceHealth;
  SubmitFormStepInput: SubmitFormStepInput;
};

export type FormResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['Form'] = ResolversParentTypes['Form']> = {
  canGoBack?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  estimate?: Resolver<Maybe<ResolversTypes['FormEstimate']>, ParentType, ContextType>;
  numberRange?: Resolver<Maybe<ResolversTypes['NumberRange']>, ParentType, ContextType>;
  optionPrice?: Resolver<Maybe<ResolversTypes['FormOptionPrice']>, ParentType, ContextType>;
  options?: Resolver<Maybe<Array<ResolversTypes['FormOption']>>, ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  paymentUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  people?: Resolver<Array<ResolversTypes['FormPerson']>, ParentType, ContextType>;
  processId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  processState?: Resolver<ResolversTypes['ProcessState'], ParentType, ContextType>;
  question?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  questionType?: Resolver<Maybe<ResolversTypes['QuestionType']>, ParentType, ContextType>;
  required?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  step?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  stepCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  termsUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type FormErrorResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormError'] = ResolversParentTypes['FormError']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  current?: Resolver<Maybe<ResolversTypes['Form']>, ParentType, ContextType>;
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  personId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  rule?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
};

export type FormEstimateResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormEstimate'] = ResolversParentTypes['FormEstimate']> = {
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lines?: Resolver<Array<ResolversTypes['FormEstimateLine']>, ParentType, ContextType>;
  totalMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type FormEstimateLineResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormEstimateLine'] = ResolversParentTypes['FormEstimateLine']> = {
  amountMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  personId?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  step?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
};

export type FormOptionResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormOption'] = ResolversParentTypes['FormOption']> = {
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  persons?: Resolver<Maybe<Array<ResolversTypes['FormOptionPerson']>>, ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FormOptionPersonResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormOptionPerson'] = ResolversParentTypes['FormOptionPerson']> = {
  available?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  personId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  priceMinor?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type FormOptionPriceResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormOptionPrice'] = ResolversParentTypes['FormOptionPrice']> = {
  amountMinor?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  per?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FormPersonResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormPerson'] = ResolversParentTypes['FormPerson']> = {
  answer?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  canSelect?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  dateOfBirth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  hide?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type FormResultResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['FormResult'] = ResolversParentTypes['FormResult']> = {
  __resolveType: TypeResolveFn<'Form' | 'FormError', ParentType, ContextType>;
};

export type MutationResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  backFormStep?: Resolver<ResolversTypes['FormResult'], ParentType, ContextType, RequireFields<MutationBackFormStepArgs, 'processId'>>;
  resetProcess?: Resolver<ResolversTypes['FormResult'], ParentType, ContextType, RequireFields<MutationResetProcessArgs, 'processId'>>;
  resumeProcess?: Resolver<ResolversTypes['FormResult'], ParentType, ContextType, RequireFields<MutationResumeProcessArgs, 'processId'>>;
  submitFormStep?: Resolver<ResolversTypes['FormResult'], ParentType, ContextType, RequireFields<MutationSubmitFormStepArgs, 'input'>>;
};

export type NumberRangeResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['NumberRange'] = ResolversParentTypes['NumberRange']> = {
  max?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  min?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type OrderResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  formsHealth?: Resolver<ResolversTypes['ServiceHealth'], ParentType, ContextType>;
  membershipForm?: Resolver<ResolversTypes['FormResult'], ParentType, ContextType, RequireFields<QueryMembershipFormArgs, 'periodId'>>;
};

export type ServiceHealthResolvers<ContextType = FormsContext, ParentType extends ResolversParentTypes['ServiceHealth'] = ResolversParentTypes['ServiceHealth']> = {
  service?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = FormsContext> = {
  Form?: FormResolvers<ContextType>;
  FormError?: FormErrorResolvers<ContextType>;
  FormEstimate?: FormEstimateResolvers<ContextType>;
  FormEstimateLine?: FormEstimateLineResolvers<ContextType>;
  FormOption?: FormOptionResolvers<ContextType>;
  FormOptionPerson?: FormOptionPersonResolvers<ContextType>;
  FormOptionPrice?: FormOptionPriceResolvers<ContextType>;
  FormPerson?: FormPersonResolvers<ContextType>;
  FormResult?: FormResultResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NumberRange?: NumberRangeResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ServiceHealth?: ServiceHealthResolvers<ContextType>;
};

