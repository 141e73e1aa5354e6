import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SCHWAB_DEFAULT_BASE_URL } from '../../src/server/config.ts';

const schwab = {
  BROKER: 'schwab',
  SCHWAB_CLIENT_ID: 'id',
  SCHWAB_CLIENT_SECRET: 'secret',
  SCHWAB_CALLBACK_URL: 'https://127.0.0.1:8443/api/v1/auth/callback',
};
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return undefined;
};

describe('configuration', () => {
  it('starts on the embedded defaults with nothing set', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      broker: 'demo',
      databaseUrl: undefined,
      databasePoolSize: 10,
      schwab: undefined,
      tls: undefined,
      dataKey: undefined,
    });
  });

  it('reads the Schwab settings, with the real API as the default base URL', () => {
    expect(loadConfig(schwab).schwab).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      callbackUrl: schwab.SCHWAB_CALLBACK_URL,
      baseUrl: SCHWAB_DEFAULT_BASE_URL,
    });
  });

  it('names every missing Schwab setting', () => {
    expect(refusal({ BROKER: 'schwab', SCHWAB_CLIENT_ID: 'id' })).toMatch(
      /BROKER=schwab needs SCHWAB_CLIENT_SECRET, SCHWAB_CALLBACK_URL/,
    );
  });

  it('refuses a callback Schwab would refuse, or one this server does not answer', () => {
    expect(refusal({ ...schwab, SCHWAB_CALLBACK_URL: 'http://127.0.0.1:8080/api/v1/auth/callback' })).toMatch(
      /must use https/,
    );
    expect(refusal({ ...schwab, SCHWAB_CALLBACK_URL: 'https://127.0.0.1/callback' })).toMatch(
      /must end in \/api\/v1\/auth\/callback/,
    );
  });

  it('refuses a malformed data key, half a TLS pair, a missing certificate and a bad pool size', () => {
    expect(refusal({ DATA_KEY: 'short' })).toMatch(/DATA_KEY must be 32 bytes/);
    expect(refusal({ TLS_CERT: '/etc/hostname' })).toMatch(/TLS_CERT and TLS_KEY go together/);
    expect(refusal({ TLS_CERT: '/no/such.pem', TLS_KEY: '/no/such.key' })).toMatch(/does not exist/);
    expect(refusal({ DATABASE_POOL_SIZE: '0' })).toMatch(/DATABASE_POOL_SIZE/);
    expect(refusal({ BROKER: 'etrade' })).toMatch(/BROKER must be "demo" or "schwab"/);
  });

  it('reads trusted proxy addresses, and refuses anything that is not an IP address', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXY: '10.0.0.1, ::1' }).trustedProxies).toEqual(['10.0.0.1', '::1']);
    expect(refusal({ TRUSTED_PROXY: '10.0.0.1,proxy.local' })).toMatch(
      /TRUSTED_PROXY must list IP addresses/,
    );
  });

  it("reads the push services' hosts, a port only as a test writes one, and refuses addresses", () => {
    expect(loadConfig({}).pushServiceHosts).toContain('fcm.googleapis.com');
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'Push.Example.com, push.test:8443' }).pushServiceHosts).toEqual([
      'push.example.com',
      'push.test:8443',
    ]);
    for (const wrong of ['127.0.0.1', '[::1]', 'push.test;x', 'user@push.test', 'https://push.test']) {
      expect(refusal({ PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${wrong}` })).toMatch(
        /PUSH_SERVICE_HOSTS must list host names/,
      );
    }
  });
});
