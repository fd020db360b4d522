/** The document title of a project variant (spec section 1). */
export function pageTitle(project: string, providerName: string): string {
  const prefix = providerName.trim() === "" ? "" : `${providerName.trim()} `;
  switch (project.trim().toLowerCase()) {
    case "ndc":
      return "NDC Marketplace Platform";
    case "aggregator":
      return "Aggregator Platform";
    case "fclive":
      return `${prefix}FC Live`;
    default:
      return `${prefix}Aggregator Platform`;
  }
}
