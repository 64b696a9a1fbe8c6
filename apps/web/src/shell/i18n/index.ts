export * from './i18n-registry';
export * from './locale-switch';
export * from './locale-context';
export { LocaleLink } from './locale-link';
