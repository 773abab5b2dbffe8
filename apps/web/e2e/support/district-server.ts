import { startDistrictProvider } from '../../../../scripts/district-provider/district-provider.ts';
import { DISTRICT_ACCOUNTS, DISTRICT_CLIENT, DISTRICT_PORT } from './district.ts';

/**
 * The browser tests' district provider as a process of its own, which playwright.config.ts's
 * webServer starts before the app and stops after the run (`node …/district-server.ts`).
 */
const provider = await startDistrictProvider({
  port: DISTRICT_PORT,
  clients: [DISTRICT_CLIENT],
  accounts: Object.values(DISTRICT_ACCOUNTS),
});
console.log(`district provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
