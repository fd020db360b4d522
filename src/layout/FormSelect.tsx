import { Select, type SelectProps } from "antd";
import { useState } from "react";

/**
 * antd's Select for a form field, mended twice:
 * - Form.Item hands its control aria-required, which Select puts on its wrapper div, where ARIA
 *   does not allow it (axe: aria-allowed-attr); the required mark and the message beside the
 *   field say it instead.
 * - Escape closes the open list only, not the drawer or dialog the form is in as well.
 */
export function FormSelect(props: SelectProps & { "aria-required"?: boolean | "true" | "false" }) {
  const { "aria-required": _required, onOpenChange, onKeyDown, ...select } = props;
  const [open, setOpen] = useState(false);
  return (
    <Select
      {...select}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange?.(next);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) event.stopPropagation();
        onKeyDown?.(event);
      }}
    />
  );
}
