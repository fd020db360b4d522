import { useQuery } from "@tanstack/react-query";
import type { Country } from "../../contract/reference";
import { apiClient } from "../../providers/apiClient";

/** The reference list of countries (code and name), fetched once an hour at most and shared by every booking page. */
export function useCountries() {
  return useQuery({
    queryKey: ["reference", "countries"],
    queryFn: async () => (await apiClient.get<{ data: Country[] }>("/api/get-all-countries")).data.data,
    staleTime: 3_600_000,
  });
}
