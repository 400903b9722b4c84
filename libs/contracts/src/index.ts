export * from './remotes';
export * from './modals';
export * from './host';
