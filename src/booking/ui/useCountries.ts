import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Country } from "../../contract/reference";
import { countryName } from "../../lib/worldNames";
import { apiClient } from "../../providers/apiClient";

/**
 * The reference list of countries (code and name), fetched once an hour at most and shared by every
 * booking page. Outside English each country is named in the reader's language (the browser's
 * CLDR names: "الكويت"), sorted for that language; the reference list's name where CLDR has none.
 */
export function useCountries() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const named = useCallback(
    (countries: Country[]) =>
      language === "en"
        ? countries
        : countries
            .map((country) => {
              const local = countryName(country.code, language);
              return local === country.code ? country : { ...country, name: local };
            })
            .sort((left, right) => left.name.localeCompare(right.name, language)),
    [language],
  );
  return useQuery({
    queryKey: ["reference", "countries"],
    queryFn: async () => (await apiClient.get<{ data: Country[] }>("/api/get-all-countries")).data.data,
    staleTime: 3_600_000,
    select: named,
  });
}
