import { z } from "zod";
import { menuPermissionSchema, type MenuPermission } from "../contract/menu";
import { STORAGE_KEYS } from "./storageKeys";

const storedPermissionsSchema = z.array(menuPermissionSchema);

const storage = () => (typeof window === "undefined" ? undefined : window.localStorage);

/** The stored menu permission list, or undefined when none (or nothing readable) is stored. */
export function readMenuPermissions(from: Storage | undefined = storage()): MenuPermission[] | undefined {
  const raw = from?.getItem(STORAGE_KEYS.menuPermission);
  if (!raw) return undefined;
  try {
    const parsed = storedPermissionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeMenuPermissions(permissions: MenuPermission[], to: Storage | undefined = storage()) {
  to?.setItem(STORAGE_KEYS.menuPermission, JSON.stringify(permissions));
}
