import { describe, expect, it } from 'vitest';
import {
  EMPTY_STATE_TEXT,
  MESSAGES,
  requiredMessage,
  tooLongMessage,
  tryAgainMessage,
} from './messages.ts';

describe('MESSAGES', () => {
  it('uses the exact client messages of SPEC §8', () => {
    expect(MESSAGES.invalidSchoolCode).toBe('Invalid school code (code must be 6 characters long)');
    expect(MESSAGES.invalidEmailSignup).toBe('Please enter a valid email address');
    expect(MESSAGES.invalidEmailLogin).toBe('Invalid email address');
    expect(MESSAGES.invalidEmailFindTeam).toBe('Invalid email');
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters long');
    expect(MESSAGES.passwordsDoNotMatch).toBe('Passwords do not match');
  });
  it('uses the exact screen texts of SPEC §2 and §8', () => {
    expect(MESSAGES.forgotPasswordReceived).toBe(
      'Request received. An email will be sent with password reset instructions.',
    );
    expect(MESSAGES.noResults).toBe('No results found.');
    expect(MESSAGES.donationCanceled).toBe('Donation canceled.');
    expect(MESSAGES.paymentCanceled).toBe('Payment canceled.');
    expect(MESSAGES.donationSuccessful).toBe('Donation successful!');
    expect(MESSAGES.paymentSuccessful).toBe('Payment successful!');
    expect(MESSAGES.allMoneyEarned).toBe('All money earned, nice!');
  });
  it('names the product and says one thing for any failed login (DESIGN §1.0, §1.7)', () => {
    expect(MESSAGES.productName).toBe('Wellbank');
    expect(MESSAGES.accountTitle).toBe('Wellbank Account');
    expect(MESSAGES.loginFailed).toBe('Invalid email or password');
  });
});

describe('EMPTY_STATE_TEXT', () => {
  it('has the SPEC §8 empty-state text for each category', () => {
    expect(EMPTY_STATE_TEXT).toEqual({
      sleep: 'Try to get 9 hours of sleep!',
      water: 'Get hydrated today!',
      fitness: 'Get active today!',
      food: 'Think about what you put in your body!',
      rest: 'Rest up!',
      sunshine: 'Make sure to soak in some vitamin D!',
      cleanliness: 'Freshen up!',
    });
  });
});

describe('requiredMessage', () => {
  it('says the field is required', () => {
    expect(requiredMessage('School name')).toBe('School name is required');
  });
});

describe('tooLongMessage', () => {
  it('says how long the field may be', () => {
    expect(tooLongMessage('City', 100)).toBe('City must be at most 100 characters');
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
