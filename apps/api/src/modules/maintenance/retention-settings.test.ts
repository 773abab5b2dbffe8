import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';

describe('the retention variables', () => {
  it("default to the privacy policy's periods", () => {
    const result = parseEnv({});
    expect(result.ok && result.env.RETENTION).toEqual({
      detailMonths: 3,
      inactiveMonths: 12,
      noticeDays: 30,
    });
  });

  it('may shorten a period or lengthen the notice', () => {
    const result = parseEnv({
      RETENTION_DETAIL_MONTHS: '0',
      RETENTION_INACTIVE_MONTHS: '6',
      RETENTION_NOTICE_DAYS: '60',
    });
    expect(result.ok && result.env.RETENTION).toEqual({
      detailMonths: 0,
      inactiveMonths: 6,
      noticeDays: 60,
    });
  });

  it.each([
    ['RETENTION_DETAIL_MONTHS', '4', 'months from 0 to 3'],
    ['RETENTION_INACTIVE_MONTHS', '13', 'months from 1 to 12'],
    ['RETENTION_INACTIVE_MONTHS', '0', 'months from 1 to 12'],
    ['RETENTION_NOTICE_DAYS', '29', 'days from 30 to 90'],
    ['RETENTION_NOTICE_DAYS', 'soon', 'days from 30 to 90'],
  ])('refuses %s=%s, which would break a promise of the policy', (name, value, range) => {
    const result = parseEnv({ [name]: value });
    expect(result).toEqual({
      ok: false,
      message: `Invalid environment: ${name}: must be a whole number of ${range}`,
    });
  });
});
