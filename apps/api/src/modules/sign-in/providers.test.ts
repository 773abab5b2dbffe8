import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';

function providersOf(source: Record<string, string>) {
  const result = parseEnv(source);
  return result.ok ? result.env.SIGN_IN_PROVIDERS : result.message;
}

describe('district sign-in providers from the environment', () => {
  it('configures each preset with its issuer when its id and secret are set, in the login order', () => {
    expect(providersOf({})).toEqual([]);
    const providers = providersOf({
      OIDC_ISSUER: 'https://sso.district.example',
      OIDC_CLIENT_ID: 'o',
      OIDC_CLIENT_SECRET: 'os',
      OIDC_NAME: 'Demo District',
      CLEVER_CLIENT_ID: 'c',
      CLEVER_CLIENT_SECRET: 'cs',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      CLASSLINK_CLIENT_ID: 'l',
      CLASSLINK_CLIENT_SECRET: 'ls',
    });
    expect(providers).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g',
        clientSecret: 'gs',
      },
      {
        id: 'microsoft',
        name: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/common/v2.0',
        clientId: 'm',
        clientSecret: 'ms',
      },
      {
        id: 'clever',
        name: 'Clever',
        issuer: 'https://clever.com',
        clientId: 'c',
        clientSecret: 'cs',
      },
      {
        id: 'classlink',
        name: 'ClassLink',
        issuer: 'https://launchpad.classlink.com',
        clientId: 'l',
        clientSecret: 'ls',
      },
      {
        id: 'oidc',
        name: 'Demo District',
        issuer: 'https://sso.district.example',
        clientId: 'o',
        clientSecret: 'os',
      },
    ]);
  });

  it('refuses half a configuration, and an issuer that is not https outside loopback', () => {
    expect(providersOf({ GOOGLE_CLIENT_ID: 'g' })).toMatch(
      /GOOGLE_CLIENT_SECRET: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    const generic = { OIDC_CLIENT_ID: 'o', OIDC_CLIENT_SECRET: 'os', OIDC_NAME: 'D' };
    expect(providersOf(generic)).toMatch(/OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID/);
    expect(providersOf({ ...generic, OIDC_ISSUER: 'http://sso.district.example' })).toMatch(
      /OIDC_ISSUER: must be an https:\/\/ URL/,
    );
    for (const loopback of ['http://127.0.0.1:4100', 'http://localhost:4100/district']) {
      expect(providersOf({ ...generic, OIDC_ISSUER: loopback })).toMatchObject([
        { issuer: loopback },
      ]);
    }
  });
});
