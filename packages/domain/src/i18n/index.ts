export * from './languages.ts';
export * from './texts.ts';
export * from './translate-text.ts';
