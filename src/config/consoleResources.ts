import type { ResourceProps } from "@refinedev/core";
import { MENU_SECTIONS, type MenuSection } from "../contract/menu";
import type { ConsolePage } from "./consolePages";
import { MENU_SECTION_CONFIG } from "./menuSections";

/**
 * Refine resources for the pages, in the order of the spec's menu (booking first, the tools of
 * administration after). Sections with several listed pages become sider groups; a section
 * with one listed page shows that page alone, without a group to open.
 */
export function consoleResources(pages: readonly ConsolePage[], translate: (key: string) => string): ResourceProps[] {
  const sectionOrder = (section: MenuSection) => MENU_SECTIONS.indexOf(section);
  const ordered = [...pages].sort((left, right) => sectionOrder(left.section) - sectionOrder(right.section));
  const listedPages = new Map<MenuSection, number>();
  for (const page of pages) if (!page.hideInMenu && page.name !== page.section) listedPages.set(page.section, (listedPages.get(page.section) ?? 0) + 1);
  const grouped = (section: MenuSection) => (listedPages.get(section) ?? 0) > 1;

  const resources: ResourceProps[] = [];
  const groups = new Set<MenuSection>();
  for (const page of ordered) {
    const ownEntry = page.name === page.section;
    const underGroup = !ownEntry && grouped(page.section);
    if (underGroup && !groups.has(page.section)) {
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
        ...(underGroup ? { parent: page.section } : {}),
      },
    });
  }
  return resources;
}
