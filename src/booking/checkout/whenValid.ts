import type { FormInstance } from "antd";

interface ValidationFailure {
  readonly errorFields: readonly { readonly name: (string | number)[] }[];
}

const isValidationFailure = (error: unknown): error is ValidationFailure => typeof error === "object" && error !== null && Array.isArray((error as ValidationFailure).errorFields);

/**
 * Hands the form's values to `submit` once every field is valid. A field error stays a field
 * error, shown on its field and scrolled to, never a failed booking; nothing is sent.
 */
export async function whenValid<Values>(form: FormInstance<Values>, submit: (values: Values) => void): Promise<void> {
  let values: Values;
  try {
    values = await form.validateFields();
  } catch (error) {
    if (!isValidationFailure(error)) throw error;
    const first = error.errorFields[0];
    if (first) form.scrollToField(first.name, { block: "center" });
    return;
  }
  submit(values);
}
