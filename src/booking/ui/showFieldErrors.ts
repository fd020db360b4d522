import type { FormInstance } from "antd";
import { ApiRequestError } from "../../providers/ApiRequestError";

/** The server's field messages beside their fields (an expired ID, a title that does not fit an age). */
export function showFieldErrors<Values>(form: FormInstance<Values>, error: unknown): void {
  if (!(error instanceof ApiRequestError)) return;
  form.setFields(error.fieldErrors.map((fieldError) => ({ name: fieldError.field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never, errors: [fieldError.message] })));
}

/** Whether an error is told beside the form's fields rather than above them. */
export const toldByField = (error: unknown): boolean => error instanceof ApiRequestError && error.fieldErrors.length > 0;
