import type { FormInstance } from "antd";
import type { KeyboardEvent } from "react";

/** How many animation frames (about half a second) a picker gets to commit before the form is submitted as it stands. */
const MAX_FRAMES = 30;

/**
 * Enter in a date box of a search form: the date typed is committed first, then the form is
 * submitted with it. Left to the browser, Enter submits the form at once with the dates the
 * picker last committed; a range picker commits a typed date only after it has let go of the
 * focus, some animation frames later. So the focus leaves the box, and the form is submitted as
 * soon as its values change (or, when the date typed was the one it had, once the wait is over).
 */
export function commitDatesBeforeSubmit(form: Pick<FormInstance, "submit" | "getFieldsValue">) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    const box = event.target;
    if (event.key !== "Enter" || !(box instanceof HTMLElement) || box.closest(".ant-picker") === null) return;
    // Seen before the picker (capture): neither the browser nor the picker acts on this Enter.
    event.preventDefault();
    event.stopPropagation();
    const before = JSON.stringify(form.getFieldsValue(true));
    box.blur();
    let frames = 0;
    const submitOnceCommitted = () => {
      frames += 1;
      if (JSON.stringify(form.getFieldsValue(true)) === before && frames < MAX_FRAMES) requestAnimationFrame(submitOnceCommitted);
      else form.submit();
    };
    requestAnimationFrame(submitOnceCommitted);
  };
}
