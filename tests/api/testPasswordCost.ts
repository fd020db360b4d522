import type { PasswordCost } from "../../server/auth/passwordHasher";

/** Argon2 at its cheapest: the API suite signs in hundreds of times. Tests only. */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 1024, timeCost: 1 };
