import { agencyRules } from "./agencyRules";
import { ancillaryServices } from "./ancillaryServices";
import { bankGuarantees } from "./bankGuarantees";
import { vouchers } from "./vouchers";
import { ccPassRules } from "./ccPassRules";
import { contentSources } from "./contentSources";
import { dmtBrands } from "./dmtBrands";
import type { ResourceDeclaration } from "./defineResource";
import { fopRules } from "./fopRules";
import { markets } from "./markets";
import { merchantRules } from "./merchantRules";
import { organisations } from "./organisations";
import { packages } from "./packages";
import { partnerLevels } from "./partnerLevels";
import { passengerTypes } from "./passengerTypes";
import { roles } from "./roles";
import { screeningNames } from "./screeningNames";
import { suppliers } from "./suppliers";
import { users } from "./users";
import { visaProducts } from "./visaProducts";

/** Every administration resource: the server mounts their routes, the console renders their screens. */
export const RESOURCES: readonly ResourceDeclaration[] = [
  organisations,
  users,
  roles,
  suppliers,
  markets,
  passengerTypes,
  partnerLevels,
  contentSources,
  fopRules,
  merchantRules,
  agencyRules,
  ccPassRules,
  visaProducts,
  packages,
  dmtBrands,
  screeningNames,
  ancillaryServices,
  bankGuarantees,
  vouchers,
];
