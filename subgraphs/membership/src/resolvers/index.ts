import { Email } from './Email';
import { Membership } from './Membership';
import { MembershipPeriod } from './MembershipPeriod';
import { Mutation, RecordPaymentResult } from './Mutation';
import { Order } from './Order';
import { OrderLine } from './OrderLine';
import { Query } from './Query';
import { LinkedPerson, OrgUser, Viewer } from './Viewer';
import { Organisation, Person, RegistrationSystem } from './Person';

export const resolvers = {
  Query,
  Mutation,
  RecordPaymentResult,
  Viewer,
  OrgUser,
  LinkedPerson,
  Person,
  Organisation,
  RegistrationSystem,
  Order,
  OrderLine,
  Membership,
  MembershipPeriod,
  Email,
};
