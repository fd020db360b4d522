import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { airlineSchema, airportSchema } from "../../contract/reference";
import { apiClient } from "../../providers/apiClient";

type Airport = z.infer<typeof airportSchema>;
type Airline = z.infer<typeof airlineSchema>;

/** Package data the server lets browsers keep a day; one fetch per session is plenty. */
const ONE_HOUR_MS = 3_600_000;

async function getList<Item>(path: string): Promise<Item[]> {
  const { data } = await apiClient.get<{ data: Item[] }>(path);
  return data.data;
}

export const useAirports = () =>
  useQuery({ queryKey: ["reference", "airports"], queryFn: () => getList<Airport>("/api/get-airports-cache"), staleTime: ONE_HOUR_MS });

export const useAirlines = () =>
  useQuery({ queryKey: ["reference", "airlines"], queryFn: () => getList<Airline>("/api/get-airlines-list"), staleTime: ONE_HOUR_MS });
