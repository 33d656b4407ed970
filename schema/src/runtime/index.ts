export * from './http';
export * from './guards';
export * from './subgraph';
export * from './health';
export * from './process';
export * from './service';
export * from './listen';
