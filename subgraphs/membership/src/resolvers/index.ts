import { Query } from './Query';
import { LinkedPerson, OrgUser, Viewer } from './Viewer';
import { Organisation, Person, RegistrationSystem } from './Person';

export const resolvers = { Query, Viewer, OrgUser, LinkedPerson, Person, Organisation, RegistrationSystem };
