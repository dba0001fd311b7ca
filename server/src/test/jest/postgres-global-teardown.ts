// Stops the PostgreSQL server that postgres-global-setup.ts started (none when TEST_DATABASE_URL was given).
export default async function postgresGlobalTeardown(): Promise<void> {
  globalThis.negaynoPostgres?.stop();
}
