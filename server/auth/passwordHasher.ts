import { hash, verify } from "@node-rs/argon2";

/** Argon2id cost. The defaults are OWASP's (19 MiB, 2 passes); tests pass a lower cost. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

const DEFAULT_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown username answers as slowly as a wrong password. */
  verifyAgainstNothing(password: string): Promise<false>;
}

export function createPasswordHasher(cost: PasswordCost = DEFAULT_PASSWORD_COST): PasswordHasher {
  let decoyHash: Promise<string> | undefined;
  const hashPassword = (password: string) => hash(password, { ...cost, parallelism: 1 });
  return {
    hash: hashPassword,
    verify: async (passwordHash, password) => {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // a malformed stored hash never lets anyone in
      }
    },
    verifyAgainstNothing: async (password) => {
      decoyHash ??= hashPassword("decoy password nobody has");
      await verify(await decoyHash, password);
      return false;
    },
  };
}
