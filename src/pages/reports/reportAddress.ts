import { REPORT_KINDS, reportKindSchema, reportQuerySchema, type ReportKind, type ReportQuery } from "../../contract/reports";

/** What the report page shows, as its address holds it: the report and its filters. */
export interface ReportView {
  readonly kind: ReportKind;
  readonly query: ReportQuery;
}

const FILTER_NAMES = ["from", "to", "organisationId", "product", "supplierId", "status", "userId", "account", "groupBy", "page", "pageSize"] as const;

/** This month so far: the period a report opens with. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The report and filters of an address; the first report and this month when it names none,
 * and any filter the contract would refuse (a typo in a shared address) left out.
 */
export function reportViewOf(search: URLSearchParams, today: string, kinds: readonly ReportKind[] = REPORT_KINDS): ReportView {
  const named = reportKindSchema.safeParse(search.get("kind")).data;
  const kind = named && kinds.includes(named) ? named : kinds[0]!;
  const given = Object.fromEntries(FILTER_NAMES.flatMap((name) => (search.get(name) ? [[name, search.get(name)!]] : [])));
  const whole = reportQuerySchema.safeParse({ ...defaultPeriod(today), ...given });
  if (whole.success) return { kind, query: whole.data };
  const refused = new Set(whole.error.issues.map((issue) => String(issue.path[0] ?? "to")));
  const kept = Object.fromEntries(Object.entries(given).filter(([name]) => !refused.has(name) && name !== "from" && name !== "to"));
  return { kind, query: reportQuerySchema.parse({ ...defaultPeriod(today), ...kept }) };
}

/**
 * The address of a report view: only what differs from a fresh page, beside what else the
 * address holds (the page's own tab).
 */
export function addressOf(view: ReportView, current = new URLSearchParams()): URLSearchParams {
  const search = new URLSearchParams([...current].filter(([name]) => name !== "kind" && !(FILTER_NAMES as readonly string[]).includes(name)));
  search.set("kind", view.kind);
  for (const name of FILTER_NAMES) {
    const value = view.query[name];
    if (value === undefined || (name === "page" && value === 1) || (name === "pageSize" && value === 50)) continue;
    search.set(name, String(value));
  }
  return search;
}

/** The query string the API takes for a view, a given page of a given size. */
export function apiParamsOf(query: ReportQuery, page = query.page, pageSize = query.pageSize): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of FILTER_NAMES) if (query[name] !== undefined) params[name] = String(query[name]);
  return { ...params, page: String(page), pageSize: String(pageSize) };
}
