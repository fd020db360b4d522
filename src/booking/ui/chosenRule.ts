import type { FormRule } from "antd";

/**
 * A choice the agent must make (a title, a child's age), refused with `message` until made. A
 * validator, not `required`: antd would set aria-required on a Select's wrapper, which axe refuses.
 */
export const chosen = (message: string): FormRule => ({
  validator: (_, value: unknown) => (value === undefined || value === null || value === "" ? Promise.reject(new Error(message)) : Promise.resolve()),
});
