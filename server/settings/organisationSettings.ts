import { sql, type Kysely } from "kysely";
import type { OrganisationSettings } from "../../src/contract/organisationSettings";
import type { Database } from "../db/schema";
import type { ServerConfig } from "../config";

/** What applies where no organisation up the tree sets a value: the platform's configuration. */
export interface PlatformSettings {
  providerName: string;
  defaultLanguage: "en" | "ar";
}

/** The platform's own settings (APP_PROVIDER_NAME, APP_DEFAULT_LANGUAGE), where no organisation sets one. */
export const platformSettingsOf = ({ app }: Pick<ServerConfig, "app">): PlatformSettings => ({
  providerName: app.providerName,
  defaultLanguage: app.defaultLanguage === "ar" ? "ar" : "en",
});

interface Step {
  id: number;
  name: string;
  providerName: string | null;
  defaultLanguage: "en" | "ar" | null;
}

/**
 * Each setting as it applies to an organisation: its own value, else the nearest organisation's
 * above it that sets one, else the platform's. `path` runs from the organisation up to the root.
 */
export function settingsAlong(path: readonly Step[], platform: PlatformSettings): Omit<OrganisationSettings, "organisationId"> {
  const [own] = path;
  const nearest = <Key extends "providerName" | "defaultLanguage">(key: Key) => path.find((step) => step[key] !== null);
  const provider = nearest("providerName");
  const language = nearest("defaultLanguage");
  return {
    own: { providerName: own?.providerName ?? null, defaultLanguage: own?.defaultLanguage ?? null },
    effective: { providerName: provider?.providerName ?? platform.providerName, defaultLanguage: language?.defaultLanguage ?? platform.defaultLanguage },
    inheritedFrom: {
      providerName: provider ? { id: provider.id, name: provider.name } : null,
      defaultLanguage: language ? { id: language.id, name: language.name } : null,
    },
  };
}

/** The organisation's settings, read with those of every organisation above it in one round trip. */
export async function organisationSettingsOf(db: Kysely<Database>, organisationId: number, platform: PlatformSettings): Promise<OrganisationSettings> {
  const { rows } = await sql<Step>`
    with recursive above(id, name, parent_id, depth) as (
      select id, name, parent_id, 0 from organisations where id = ${organisationId}
      union all
      select parent.id, parent.name, parent.parent_id, above.depth + 1 from organisations parent join above on parent.id = above.parent_id
    )
    select above.id, above.name, settings.provider_name as "providerName", settings.default_language as "defaultLanguage"
    from above left join organisation_settings settings on settings.organisation_id = above.id
    order by above.depth`.execute(db);
  return { organisationId, ...settingsAlong(rows, platform) };
}
