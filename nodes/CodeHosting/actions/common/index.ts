/**
 * Everything a Code Hosting operation needs besides nodes/shared: the platform client, the
 * repository reference, shared fields and the helpers of resources with several operations.
 * Operations import from here (or nodes/shared), never from another operation.
 */
export { codeHosting, RAW_MEDIA_TYPE } from '../../transport';
export * from './collaborator';
export * from './organization';
export * from './file';
export * from './gist';
export * from './issue';
export * from './locators';
export * from './repository';
export * from './values';
export * from './workflow';
export * from './release';
export * from './review';
export * from './repositoryHints';
export * from './account';
export * from './checks';
export * from './pullChanges';
export * from './comment';
export * from './simplify';
export * from './saml';
