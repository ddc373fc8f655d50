/**
 * The Postgres e2e tests need a server to create their databases and schemas in: DATABASE_URL. Without it
 * they skip, and say so in the run's output (a skipped file is otherwise easy to miss).
 */
export function postgresUrl(file: string): string | undefined {
  const url = process.env.DATABASE_URL || undefined;
  if (!url)
    console.log(
      `[e2e] ${file}: skipped, as DATABASE_URL is unset. These tests run real processes on Postgres; ` +
        'set DATABASE_URL=postgres://user@host:5432/db (a database they may create schemas and databases in) to run them.',
    );
  return url;
}
