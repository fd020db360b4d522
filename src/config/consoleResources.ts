import type { ResourceProps } from "@refinedev/core";
import type { MenuSection } from "../contract/menu";
import type { ConsolePage } from "./consolePages";
import { MENU_SECTION_CONFIG } from "./menuSections";

/** Refine resources for the pages: sections with pages become sider groups, in menu order. */
export function consoleResources(pages: readonly ConsolePage[], translate: (key: string) => string): ResourceProps[] {
  const resources: ResourceProps[] = [];
  const groups = new Set<MenuSection>();
  for (const page of pages) {
    const ownEntry = page.name === page.section;
    if (!ownEntry && !groups.has(page.section)) {
      groups.add(page.section);
      const section = MENU_SECTION_CONFIG[page.section];
      resources.push({ name: page.section, meta: { label: translate(section.labelKey), icon: section.icon, section: page.section } });
    }
    resources.push({
      name: page.name,
      list: page.route,
      meta: {
        label: translate(page.labelKey),
        icon: page.icon,
        section: page.section,
        ...(page.hideInMenu ? { hide: true } : {}),
        ...(page.headOfficeAdminOnly ? { headOfficeAdminOnly: true } : {}),
        ...(ownEntry ? {} : { parent: page.section }),
      },
    });
  }
  return resources;
}
