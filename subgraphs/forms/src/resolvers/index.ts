import { Form } from './Form';
import { FormResult } from './FormResult';
import { Mutation } from './Mutation';
import { Query } from './Query';

export const resolvers = { Query, Mutation, FormResult, Form };
