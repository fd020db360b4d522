import { MENU_SECTION_CONFIG } from "../../config/menuSections";

/** Where a transfer is followed: /dmt/transfers/<id>. */
export const transferPath = (transferId: number) => `${MENU_SECTION_CONFIG.dmt.route}/transfers/${transferId}`;

/** The money-transfer page on one of its tabs. */
export const moneyTransferTab = (tab: "send" | "transfers" | "remitters") => `${MENU_SECTION_CONFIG.dmt.route}?tab=${tab}`;
