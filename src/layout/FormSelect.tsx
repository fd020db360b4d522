import { Select, type SelectProps } from "antd";

/**
 * antd's Select for a required form field: Form.Item hands its control aria-required, which
 * Select puts on its wrapper div, where ARIA does not allow it (axe: aria-allowed-attr). The
 * required mark and the message beside the field say it instead.
 */
export function FormSelect(props: SelectProps & { "aria-required"?: boolean | "true" | "false" }) {
  const { "aria-required": _required, ...select } = props;
  return <Select {...select} />;
}
