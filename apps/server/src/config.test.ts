import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      databasePreparedStatements: true,
      dataDir: path.resolve('data'),
      logLevel: 'info',
      logSlowRequestMs: 500,
      signInUrl: null,
      alternativeAuthentication: true,
      printerServiceUrl: 'ws://localhost:55557',
      printingHubUrl: '/printersHub',
      scaleServiceUrl: 'http://localhost:55557',
      sortingCenterId: 34717,
      demoSeed: true,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      trustProxy: false,
    });
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/sorting',
      DATA_DIR: '/var/lib/sorting',
      LOG_LEVEL: 'warn',
      LOG_SLOW_REQUEST_MS: '2000',
      WEB_DIST: 'dist-web',
      SIGN_IN_URL: 'https://sso.example.ru/login',
      ALTERNATIVE_AUTHENTICATION: 'false',
      PRINTER_SERVICE_URL: 'ws://10.1.1.1:55557',
      PRINTING_HUB_URL: 'https://hub.example.ru/printersHub',
      SCALE_SERVICE_URL: 'http://10.1.1.1:55558',
      SORTING_CENTER_ID: '50001',
      DEMO_SEED: 'false',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
      TRUST_PROXY: 'true',
      PHOTO_STORE_URL: 's3://sorting-photos/returns',
      PHOTO_STORE_ENDPOINT: 'http://10.1.1.2:9000',
      PHOTO_STORE_REGION: 'ru-central1',
      AWS_ACCESS_KEY_ID: 'key-id',
      AWS_SECRET_ACCESS_KEY: 'secret',
      DATABASE_PREPARED_STATEMENTS: 'false',
      STRICT_CONTRACT: 'true',
      SENTRY_DSN: 'https://key@sentry.example/2',
      SENTRY_DSN_WEB: 'https://webkey@sentry.example/3',
      ERROR_REPORT_RETENTION_DAYS: '14',
      ERROR_REPORTS_PER_MINUTE: '20',
      INTEGRATION_CALLS_PER_MINUTE: '300',
      METRICS_TOKEN: 'scrape-token-0123456789',
      DRAIN_SECONDS: '15',
    });
    expect(config).toEqual({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/sorting',
      databasePreparedStatements: false,
      dataDir: '/var/lib/sorting',
      logLevel: 'warn',
      logSlowRequestMs: 2000,
      webDist: path.resolve('dist-web'),
      signInUrl: 'https://sso.example.ru/login',
      alternativeAuthentication: false,
      printerServiceUrl: 'ws://10.1.1.1:55557',
      printingHubUrl: 'https://hub.example.ru/printersHub',
      scaleServiceUrl: 'http://10.1.1.1:55558',
      sortingCenterId: 50001,
      demoSeed: false,
      sessionIdleMinutes: 15,
      sessionMaxHours: 8,
      trustProxy: true,
      photoStore: {
        kind: 's3',
        bucket: 'sorting-photos',
        prefix: 'returns/',
        endpoint: 'http://10.1.1.2:9000',
        region: 'ru-central1',
        credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      },
      documentSigningKey: null,
      paymentTerminal: { kind: 'simulated', simDelayMs: 2000, simStartMs: 0, timeoutMs: 120_000 },
      strictContract: true,
      sentryDsn: 'https://key@sentry.example/2',
      sentryDsnWeb: 'https://webkey@sentry.example/3',
      errorReportRetentionDays: 14,
      errorReportsPerMinute: 20,
      integrationCallsPerMinute: 300,
      metricsToken: 'scrape-token-0123456789',
      drainSeconds: 15,
    });
  });

  it('keeps return photos in DATA_DIR/photos unless PHOTO_STORE_URL names a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/sorting' }).photoStore).toEqual({
      kind: 'folder',
      folder: '/var/lib/sorting/photos',
    });
    expect(loadConfig({ PHOTO_STORE_URL: 's3://photos' }).photoStore).toMatchObject({
      kind: 's3',
      bucket: 'photos',
      prefix: '',
      endpoint: null,
      credentials: null,
    });
    expect(() => loadConfig({ PHOTO_STORE_URL: '/srv/photos' })).toThrow(/PHOTO_STORE_URL/);
  });

  it('refuses alternative authentication off without an external sign-in page', () => {
    expect(() => loadConfig({ ALTERNATIVE_AUTHENTICATION: 'false' })).toThrow(
      /ALTERNATIVE_AUTHENTICATION: off needs SIGN_IN_URL/,
    );
    expect(() => loadConfig({ ALTERNATIVE_AUTHENTICATION: '0', SIGN_IN_URL: ' ' })).toThrow(
      ConfigError,
    );
    expect(
      loadConfig({ ALTERNATIVE_AUTHENTICATION: 'false', SIGN_IN_URL: 'https://sso.example.ru' })
        .alternativeAuthentication,
    ).toBe(false);
  });

  it('treats blank variables as unset and reads flags loosely', () => {
    expect(loadConfig({ PORT: '', SIGN_IN_URL: ' ' })).toMatchObject({
      port: 3000,
      signInUrl: null,
    });
    expect(loadConfig({ DEMO_SEED: '0' }).demoSeed).toBe(false);
    expect(loadConfig({ DEMO_SEED: 'YES' }).demoSeed).toBe(true);
  });

  it('names every invalid variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        LOG_SLOW_REQUEST_MS: '-1',
        DEMO_SEED: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT.*DATABASE_URL.*LOG_LEVEL.*LOG_SLOW_REQUEST_MS.*DEMO_SEED/);
  });
});
