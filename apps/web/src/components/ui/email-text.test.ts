import { describe, expect, it } from 'vitest';
import { emailParts } from './email-text';

describe('emailParts', () => {
  it('breaks after the @ and before each dot, nowhere else', () => {
    expect(emailParts('first.last@school.district.example')).toEqual([
      'first',
      '.last@',
      'school',
      '.district',
      '.example',
    ]);
    expect(emailParts('ann@lee').join('')).toBe('ann@lee');
  });
});
