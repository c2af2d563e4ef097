export * from './apiPath';
export * from './descriptions';
export * from './itemLoop';
export * from './pacer';
export * from './redact';
export * from './request';
export * from './validation';
