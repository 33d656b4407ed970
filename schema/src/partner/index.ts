export * from './access';
export * from './pages';
