import { describe, expect, it } from 'vitest';
import { requiredMessage, tooLongMessage, tryAgainMessage } from './messages.ts';

describe('requiredMessage', () => {
  it('says the field is required', () => {
    expect(requiredMessage(/*i18n*/ 'School name')).toBe('School name is required');
  });
});

describe('tooLongMessage', () => {
  it('says how long the field may be', () => {
    expect(tooLongMessage(/*i18n*/ 'City', 100)).toBe('City must be at most 100 characters');
  });
});

describe('tryAgainMessage', () => {
  it('counts seconds under a minute, in the singular for one', () => {
    expect(tryAgainMessage(1)).toBe('Too many attempts. Please try again in 1 second.');
    expect(tryAgainMessage(0.2)).toBe('Too many attempts. Please try again in 1 second.');
    expect(tryAgainMessage(30)).toBe('Too many attempts. Please try again in 30 seconds.');
    expect(tryAgainMessage(59)).toBe('Too many attempts. Please try again in 59 seconds.');
  });
  it('counts whole minutes, rounded up, from a minute on', () => {
    expect(tryAgainMessage(60)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tryAgainMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(tryAgainMessage(900)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});
