import { airShoppingRequestSchema, type AirShoppingRequest, type AirShoppingRequestInput } from "../../contract/shopping";

/**
 * A search travels in the results page's address (?q=…), so a reload, a bookmark or a link
 * sent to a colleague runs the same search again.
 */
export const SEARCH_PARAM = "q";

export function searchResultsPath(request: AirShoppingRequestInput): string {
  return `/search/flights?${new URLSearchParams({ [SEARCH_PARAM]: JSON.stringify(request) }).toString()}`;
}

/** The search in the address, or null when it is missing or not a valid search. */
export function searchFromParams(params: URLSearchParams): AirShoppingRequest | null {
  const text = params.get(SEARCH_PARAM);
  if (!text) return null;
  try {
    const parsed = airShoppingRequestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
