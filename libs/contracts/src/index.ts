export * from './remotes';
export * from './modals';
export * from './host';
export * from './version';
