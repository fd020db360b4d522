const POPUP = ".ant-popconfirm";

/**
 * antd's Popconfirm (ours and Refine's delete buttons) marks its popup a tooltip and leaves focus
 * on the button that opened it. A question with buttons is an alert dialog (WAI-ARIA): this names
 * each one by its question, moves focus to its first button (Cancel) when it opens, and gives
 * focus back to the opener when it closes; Escape answers Cancel. One watcher for the whole document.
 */
export function watchConfirmPopovers(root: HTMLElement = document.body): () => void {
  const openers = new WeakMap<Element, HTMLElement>();
  const upgrade = (popup: Element) => {
    const inner = popup.querySelector<HTMLElement>(".ant-popover-inner");
    if (!inner) return;
    const hidden = popup.classList.contains("ant-popover-hidden");
    if (inner.getAttribute("role") !== "alertdialog") {
      inner.setAttribute("role", "alertdialog");
      const title = inner.querySelector(".ant-popconfirm-title");
      if (title && inner.id) {
        title.id = `${inner.id}-title`;
        inner.setAttribute("aria-labelledby", title.id);
      }
    }
    if (!hidden && !openers.has(popup)) {
      const opener = document.activeElement instanceof HTMLElement && !popup.contains(document.activeElement) ? document.activeElement : null;
      if (opener) openers.set(popup, opener);
      inner.querySelector<HTMLButtonElement>(".ant-popconfirm-buttons button")?.focus();
    } else if (hidden && openers.has(popup)) {
      const opener = openers.get(popup)!;
      openers.delete(popup);
      if (popup.contains(document.activeElement) || document.activeElement === document.body) opener.focus();
    }
  };
  const observer = new MutationObserver(() => root.querySelectorAll(POPUP).forEach(upgrade));
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  const cancelOnEscape = (event: KeyboardEvent) => {
    const popup = event.target instanceof Element ? event.target.closest(`${POPUP}:not(.ant-popover-hidden)`) : null;
    if (event.key !== "Escape" || !popup) return;
    event.stopPropagation();
    popup.querySelector<HTMLButtonElement>(".ant-popconfirm-buttons button")?.click();
  };
  root.addEventListener("keydown", cancelOnEscape, true);
  return () => {
    observer.disconnect();
    root.removeEventListener("keydown", cancelOnEscape, true);
  };
}
