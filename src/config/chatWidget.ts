import type { RuntimeConfig } from "./runtimeConfig";

/** The NDC variant's third-party chat widget, only when configured. */
export function injectChatWidget({ project, chatWidgetSrc }: Pick<RuntimeConfig, "project" | "chatWidgetSrc">) {
  if (project !== "ndc" || !chatWidgetSrc) return;
  if (document.querySelector(`script[data-chat-widget]`)) return;
  const script = document.createElement("script");
  script.src = chatWidgetSrc;
  script.async = true;
  script.dataset.chatWidget = "true";
  document.body.appendChild(script);
}
