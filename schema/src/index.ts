export * from './errors';
export * from './auth/messages';
export * from './auth/token';
export * from './auth/partnerToken';
export * from './partner';
export * from './auth/operatorExchange';
export * from './tenantIdentity';
