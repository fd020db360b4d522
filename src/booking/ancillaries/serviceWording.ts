import type { AncillaryIcon } from "../../config/referenceLists";
import type { AncillaryCatalogueEntry, ServiceDefinition } from "../../contract/shopping";

export interface ServiceWording {
  name: string;
  description: string;
  icon: AncillaryIcon;
}

const KIND_ICONS: Readonly<Record<ServiceDefinition["kind"], AncillaryIcon>> = { baggage: "bag", meals: "meal", specialAssist: "assistance" };

/**
 * How the extras step names a supplier's service: the catalogue's wording for its code in the
 * reader's language (English where the Arabic is not written), else the supplier's own words.
 */
export function serviceWording(service: Pick<ServiceDefinition, "code" | "kind" | "name" | "description">, catalogue: readonly AncillaryCatalogueEntry[], language: string): ServiceWording {
  const entry = catalogue.find((candidate) => candidate.code === service.code);
  if (!entry) return { name: service.name, description: service.description, icon: KIND_ICONS[service.kind] };
  const arabic = language.startsWith("ar");
  return {
    name: (arabic && entry.nameAr) || entry.name,
    description: (arabic && entry.descriptionAr) || entry.description,
    icon: entry.icon,
  };
}
