import { buildApp } from "./app";
import { createPasswordHasher } from "./auth/passwordHasher";
import { ConfigError, loadConfig, type ServerConfig } from "./config";
import { openDatabase, openPostgres } from "./db/openDatabase";
import { prepareDatabase } from "./db/prepareDatabase";

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\nSee docs/configuration.md. The server did not start.`);
      process.exit(1);
    }
    throw error;
  }
}

/** `npm start`: configuration, database (migrate, reference data, demo seed), then listen. */
async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config);
  const { db, description } = database;
  const { seededDemo } = await prepareDatabase(db, { production: config.production, hashPassword: createPasswordHasher().hash });
  const replica = config.databaseReadUrl === undefined ? undefined : openPostgres(config.databaseReadUrl, { preparedStatements: config.preparedStatements });
  const app = await buildApp({ db, readDb: replica?.db, config, logger: { level: config.logLevel } });
  database.logTo(app.log);
  replica?.logTo(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await replica?.db.destroy();
    await db.destroy(); // flushes PGlite's files
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  if (config.production && config.mail.smtpUrl === undefined) {
    console.warn("Mail is not being delivered: SMTP_URL is not set. Password links and emailed codes are kept in the outbox with their links removed.");
  }
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const demo = seededDemo ? ", demo data seeded" : "";
  console.log(`Aggregator server listening on http://${shownHost}:${config.port} (database: ${description}${replica ? `, reports read ${replica.description}` : ""}${demo})`);
}

main().catch((error: unknown) => {
  console.error("The server could not start:", error);
  process.exit(1);
});
